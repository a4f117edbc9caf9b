import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { mutateTicket, patchTicket } from '../tickets.mutate.js';

/**
 * The agent marks its open ticket private (SPEC §6: hidden from every other user unless
 * viewPrivateTickets), or public again. The policy's `markPrivate` says who may.
 */
export function setTicketPrivacy(scope: TenantScope, auth: AuthContext, id: number, isPrivate: boolean): Promise<void> {
  return mutateTicket(scope, auth, id, 'markPrivate', async ({ tx }) => {
    await patchTicket(tx, id, { isPrivate });
  });
}
