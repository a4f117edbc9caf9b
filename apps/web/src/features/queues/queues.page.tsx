import { ColorItemsPage } from '../color-items/color-items.page';
import { QUEUES_RESOURCE } from '../color-items/color-item-resource';

export function QueuesPage() {
  return <ColorItemsPage res={QUEUES_RESOURCE} />;
}
