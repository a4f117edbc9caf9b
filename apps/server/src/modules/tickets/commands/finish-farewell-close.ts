import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { startRatings } from '../../ratings/start-rating.js';
import { emitTicketChange } from '../tickets.events.js';
import { logTicket } from '../ticket-log.js';
import { patchTicket } from '../tickets.mutate.js';
import { getTicketRow } from '../tickets.queries.js';

/**
 * Closes a ticket whose farewell was sent, if the close is still due: an agent who accepted,
 * returned or transferred it meanwhile cleared `closeAfter`, and then nothing happens.
 */
export async function finishFarewellClose(
  scope: TenantScope,
  ticketId: number,
  userId: number | null,
  now = new Date(),
) {
  return scope.transaction(async (tx) => {
    const row = await getTicketRow(tx, ticketId, true).catch(() => undefined);
    // A second of slack: the job may be picked up a moment before the stamped time.
    if (!row || row.status === 'closed' || !row.closeAfter || row.closeAfter.getTime() > now.getTime() + 1_000)
      return false;
    const closed = await patchTicket(tx, ticketId, {
      status: 'closed',
      closedAt: now,
      closeAfter: null,
      unreadMessages: 0,
    });
    await logTicket(tx, ticketId, 'closed', { userId, queueId: row.queueId });
    await startRatings(tx, [closed], now);
    emitTicketChange(tx, ticketId, 'update');
    return true;
  });
}
