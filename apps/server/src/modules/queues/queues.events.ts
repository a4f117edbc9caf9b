import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { queues } from '../../platform/db/schema.js';
import { publish } from '../../platform/realtime/publish.js';
import { presentQueue } from './queues.presenter.js';

/** `queue` events go to everyone of the tenant, after commit. */
export function emitQueueChange(scope: TenantScope, action: 'create' | 'update' | 'delete', row: typeof queues.$inferSelect) {
  publish(scope, { kind: 'tenant' }, 'queue', { action, queue: presentQueue(row) });
}
