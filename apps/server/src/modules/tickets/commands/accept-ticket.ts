import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { leaveIntegration } from '../../integrations/hand-over.js';
import { logTicket } from '../ticket-log.js';
import { mutateTicket, patchTicket } from '../tickets.mutate.js';

/** Start service: pending -> open, assigned to the caller, out of the bot's and the integration's hands. */
export function acceptTicket(scope: TenantScope, auth: AuthContext, id: number): Promise<void> {
  return mutateTicket(scope, auth, id, 'accept', async ({ tx, row }) => {
    const fromIntegration = await leaveIntegration(tx, row, { userId: auth.userId, reason: 'agent' });
    await patchTicket(tx, id, {
      ...fromIntegration,
      status: 'open',
      userId: auth.userId,
      botState: null,
      chatFlowId: null,
      closeAfter: null,
      startedAttendanceAt: new Date(),
    });
    await logTicket(tx, id, 'open', { userId: auth.userId, queueId: row.queueId });
  });
}
