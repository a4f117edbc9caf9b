import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';

/**
 * `lane` goes to everyone of the tenant with the id only, after commit: each board refetches the
 * lanes its user sees (with lanes separated per user, another user's change is not shown to it).
 * A contact moved between lanes is a `contact` update (contacts.events.ts).
 */
export function emitLaneChange(scope: TenantScope, action: 'create' | 'update' | 'delete' | 'reorder', id: number | null) {
  publish(scope, { kind: 'tenant' }, 'lane', { action, id });
}
