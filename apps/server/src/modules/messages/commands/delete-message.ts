import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { changeMessage } from '../change-message.js';
import { assertMayDelete } from '../messages.policy.js';

/**
 * Only our own messages of the last 24 hours (ERR_DELETE_WAPP_MSG); the body is kept for audit.
 * A message still in the outbox is taken out of it: it will not be sent.
 */
export function deleteMessage(scope: TenantScope, auth: AuthContext, id: number) {
  return changeMessage(scope, auth, id, assertMayDelete, async (_tx, row) =>
    row.isDeleted
      ? null
      : { isDeleted: true, ...(row.status === 'pending' ? { status: 'failed' as const, lastError: 'deleted' } : {}) },
  );
}
