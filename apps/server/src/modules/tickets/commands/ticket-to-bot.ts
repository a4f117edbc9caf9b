import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { logTicket } from '../ticket-log.js';
import { mutateTicket, patchTicket } from '../tickets.mutate.js';

/**
 * Hand the ticket to a chatbot flow: pending, unassigned, with the flow set and a fresh bot
 * state (the chatbot module starts the conversation from the flow's first step).
 */
export function ticketToBot(scope: TenantScope, auth: AuthContext, id: number, chatFlowId: number): Promise<void> {
  return mutateTicket(scope, auth, id, 'transfer', async ({ tx, row }) => {
    await patchTicket(tx, id, { status: 'pending', userId: null, chatFlowId, botState: null, closeAfter: null });
    await logTicket(tx, id, 'chatBot', { userId: auth.userId, queueId: row.queueId, payload: { chatFlowId } });
  });
}
