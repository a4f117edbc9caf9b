import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';

/**
 * `campaign` events go to the tenant's admins (the campaign screens are theirs and supervisors'),
 * with the id only: the screen refetches. Sent after commit.
 */
export function emitCampaignChange(scope: TenantScope, action: 'create' | 'update' | 'delete', id: number): void {
  publish(scope, { kind: 'admins' }, 'campaign', { action, id });
}

/** SPEC §9 spam/ban risk: more than 2% of the recipients failed; told to the admins once per campaign. */
export function emitCampaignRisk(scope: TenantScope, id: number, name: string): void {
  publish(scope, { kind: 'admins' }, 'campaign:risk', { id, name });
}
