import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { logTicket } from '../ticket-log.js';
import { mutateTicket, patchTicket } from '../tickets.mutate.js';

/** Return to queue: open -> pending, unassigned, waiting for the queue's next agent. */
export function returnTicket(scope: TenantScope, auth: AuthContext, id: number): Promise<void> {
  return mutateTicket(scope, auth, id, 'returnToQueue', async ({ tx, row }) => {
    await patchTicket(tx, id, { status: 'pending', userId: null, closeAfter: null });
    await logTicket(tx, id, 'pending', {
      userId: auth.userId,
      queueId: row.queueId,
      payload: { fromUserId: row.userId },
    });
  });
}
