import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { isSettingEnabled } from '../settings/settings.queries.js';
import { listQueues, queueIdsOfUser } from './queues.queries.js';

/** With `onlyOwnQueues`, people other than admins and general supervisors see only their queues. */
export async function visibleQueues(scope: TenantScope, auth: AuthContext) {
  if (auth.isAdmin || auth.profile === 'supervisor' || !(await isSettingEnabled(scope, 'onlyOwnQueues'))) {
    return listQueues(scope);
  }
  return listQueues(scope, await queueIdsOfUser(scope, auth.userId));
}
