import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';
import type { IntegrationRow } from './integrations.queries.js';

/** `integration` events go to the tenant's admins, after commit: ids and names only, never keys. */
export function emitIntegrationChange(scope: TenantScope, action: 'create' | 'update' | 'delete', row: IntegrationRow) {
  publish(scope, { kind: 'admins' }, 'integration', { action, integration: { id: row.id, name: row.name, type: row.type } });
}
