import { ColorItemsPage } from '../color-items/color-items.page';
import { TAGS_RESOURCE } from '../color-items/color-item-resource';

export function TagsPage() {
  return <ColorItemsPage res={TAGS_RESOURCE} />;
}
