import { V } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { chatFlows } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { runAfterToBot } from '../after-to-bot.js';
import { logTicket } from '../ticket-log.js';
import { mutateTicket, patchTicket } from '../tickets.mutate.js';

/**
 * Hand the ticket to a chatbot flow: pending, unassigned, with the flow set and a fresh bot
 * state (the chatbot module starts the conversation from the flow's first step). The flow must be
 * the company's (else ERR_NO_AUTO_REPLY_FOUND, after the ticket's own checks so another company's
 * ticket still answers ERR_NO_TICKET_FOUND) and active and available for transfer.
 *
 * `view` reads the answer inside the same transaction: once it commits, the woken bot may run the
 * flow's first step (and even leave the flow) before a read after the commit, so the caller is
 * answered with the ticket as this command left it.
 */
export function ticketToBot<R>(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
  chatFlowId: number,
  view: (tx: TenantScope) => Promise<R>,
): Promise<R> {
  return mutateTicket(scope, auth, id, 'transfer', async ({ tx, row }) => {
    // Locked: a delete of the flow (which counts its tickets) waits for this transfer, or wins.
    const [flow] = await tx.select(chatFlows, eq(chatFlows.id, chatFlowId)).limit(1).for('update');
    if (!flow) throw new AppError('ERR_NO_AUTO_REPLY_FOUND');
    if (!flow.isActive || !flow.availableForTransfer) {
      throw new AppError('ERR_VALIDATION', { chatFlowId: V.flowNotForTransfer });
    }
    // Due now: the chatbot's hook starts the flow as soon as this commits (a job); should that
    // job be lost, its sweep (chatbot.sweep-due) finds the due ticket within a minute.
    await patchTicket(tx, id, {
      status: 'pending',
      userId: null,
      chatFlowId,
      botState: null,
      closeAfter: null,
      botDueAt: new Date(),
    });
    await logTicket(tx, id, 'chatBot', { userId: auth.userId, queueId: row.queueId, payload: { chatFlowId } });
    await runAfterToBot(tx, id);
    return view(tx);
  });
}
