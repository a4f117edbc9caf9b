import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import { presentUserSummary } from './users.presenter.js';
import type { QueueRef, UserRow } from './users.queries.js';

/**
 * `user` events go to everyone of the tenant, after commit. The payload has no `can` (it depends
 * on who looks) and no configs (they are personal): screens refetch what they need.
 */
export function emitUserChange(
  scope: TenantScope,
  action: 'create' | 'update' | 'delete',
  row: UserRow,
  queues: QueueRef[],
) {
  publish(scope, { kind: 'tenant' }, 'user', { action, user: presentUserSummary(row, queues) });
}
