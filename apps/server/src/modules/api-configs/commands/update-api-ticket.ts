import { V, type ApiTicketUpdate } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { chatFlows, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { getQueue } from '../../queues/queues.queries.js';
import { startRatings } from '../../ratings/start-rating.js';
import { runAfterToBot } from '../../tickets/after-to-bot.js';
import { logTicket } from '../../tickets/ticket-log.js';
import { patchTicket } from '../../tickets/tickets.mutate.js';
import { emitTicketChange } from '../../tickets/tickets.events.js';

/**
 * The external API's ticket changes, in one transaction with the row locked, logged without a
 * user: the queue; pending (unassigned, back to the queue; a closed ticket reopens so) or closed
 * (the rating question goes out where the channel asks one, as an agent's close); a chatbot flow
 * (active and available for transfer, as PUT /tickets/bot/{id} requires; its first step starts at
 * once through the tickets' to-bot port), or null to take the ticket out of the bot.
 */
export async function updateApiTicket(scope: TenantScope, id: number, input: ApiTicketUpdate): Promise<void> {
  await scope.transaction(async (tx) => {
    const [row] = await tx.select(tickets, eq(tickets.id, id)).limit(1).for('update');
    if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
    if (input.queueId !== undefined && input.queueId !== row.queueId) {
      if (input.queueId !== null) await getQueue(tx, input.queueId);
      await patchTicket(tx, id, { queueId: input.queueId });
      await logTicket(tx, id, 'queue', { queueId: input.queueId });
    }
    if (input.chatFlowId !== undefined) {
      if (input.chatFlowId === null) await patchTicket(tx, id, { chatFlowId: null, botState: null, botDueAt: null });
      else {
        const [flow] = await tx.select(chatFlows, eq(chatFlows.id, input.chatFlowId)).limit(1).for('update');
        if (!flow) throw new AppError('ERR_NO_AUTO_REPLY_FOUND');
        if (!flow.isActive || !flow.availableForTransfer)
          throw new AppError('ERR_VALIDATION', { chatFlowId: V.flowNotForTransfer });
        await patchTicket(tx, id, {
          status: 'pending',
          userId: null,
          chatFlowId: flow.id,
          botState: null,
          closeAfter: null,
          closedAt: null,
          botDueAt: new Date(),
        });
        await logTicket(tx, id, 'chatBot', { queueId: row.queueId, payload: { chatFlowId: flow.id } });
        await runAfterToBot(tx, id);
      }
    }
    if (input.status === 'closed' && row.status !== 'closed') {
      const closed = await patchTicket(tx, id, { status: 'closed', closedAt: new Date(), closeAfter: null, unreadMessages: 0 });
      await logTicket(tx, id, 'closed', { queueId: closed.queueId });
      await startRatings(tx, [closed]);
    } else if (input.status === 'pending' && (row.status !== 'pending' || row.userId !== null) && input.chatFlowId == null) {
      await patchTicket(tx, id, { status: 'pending', userId: null, closedAt: null, closeAfter: null });
      await logTicket(tx, id, row.status === 'closed' ? 'reopen' : 'pending', { queueId: row.queueId });
    }
    emitTicketChange(tx, id, 'update');
  });
}
