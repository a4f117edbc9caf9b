import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import { presentDirectoryEntry } from './users.presenter.js';
import type { QueueRef, UserRow } from './users.queries.js';

/**
 * `user` events go to everyone of the tenant, after commit, so they carry only what any agent may
 * see of a colleague (name, presence, queues: as GET /users/ answers agents, issue 9 L9); no
 * email, logins, `can` or configs: screens refetch what they need.
 */
export function emitUserChange(
  scope: TenantScope,
  action: 'create' | 'update' | 'delete',
  row: UserRow,
  queues: QueueRef[],
) {
  publish(scope, { kind: 'tenant' }, 'user', { action, user: presentDirectoryEntry(row, queues) });
}
