import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';

/**
 * `contact` events go to everyone of the tenant, after commit. They carry the id only: what a
 * contact looks like depends on who looks (hidden numbers, own wallet only, contacts for admins
 * only), so screens refetch it through the routes, which apply those rules. An import sends one
 * event for the whole file rather than one per row.
 */
export function emitContactChange(scope: TenantScope, action: 'create' | 'update' | 'delete', contactId: number) {
  publish(scope, { kind: 'tenant' }, 'contact', { action, contactId });
}

export function emitContactsImported(scope: TenantScope, counts: { created: number; updated: number }) {
  publish(scope, { kind: 'tenant' }, 'contact', { action: 'import', ...counts });
}
