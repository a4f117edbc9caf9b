import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { changeMessage } from '../change-message.js';
import { assertMayResend } from '../messages.policy.js';
import { enqueueSend } from './enqueue-send.js';

/** A failed message goes back to the outbox with a fresh count of attempts. */
export function resendMessage(scope: TenantScope, auth: AuthContext, id: number) {
  return changeMessage(scope, auth, id, assertMayResend, async (tx, row) => {
    enqueueSend(tx, row);
    return { status: 'pending', sendAttempts: 0, lastError: null };
  });
}
