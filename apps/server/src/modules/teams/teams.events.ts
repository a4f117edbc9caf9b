import type { Team } from '@prosa/contracts';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';

/** `team` events go to everyone of the company (teams filter the people lists), after commit. */
export function emitTeamChange(scope: TenantScope, action: 'create' | 'update' | 'delete', team: Team) {
  publish(scope, { kind: 'tenant' }, 'team', { action, team });
}
