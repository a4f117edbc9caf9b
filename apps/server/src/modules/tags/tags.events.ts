import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { tags } from '../../platform/db/schema.js';
import { publish } from '../../platform/realtime/publish.js';
import { presentTag } from './tags.presenter.js';

/** `tag` events go to everyone of the tenant, after commit. */
export function emitTagChange(
  scope: TenantScope,
  action: 'create' | 'update' | 'delete',
  row: typeof tags.$inferSelect,
) {
  publish(scope, { kind: 'tenant' }, 'tag', { action, tag: presentTag(row) });
}
