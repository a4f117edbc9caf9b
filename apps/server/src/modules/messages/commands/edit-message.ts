import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { changeMessage } from '../change-message.js';
import { assertMayEdit } from '../messages.policy.js';

/** Our own text messages of the last 24 hours. */
export function editMessage(scope: TenantScope, auth: AuthContext, id: number, body: string) {
  return changeMessage(scope, auth, id, assertMayEdit, async (_tx, row) =>
    row.body === body ? null : { body, isEdited: true },
  );
}
