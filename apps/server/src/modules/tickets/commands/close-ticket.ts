import { messages } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { enqueue } from '../../../platform/jobs/enqueue.js';
import { enqueueSend } from '../../messages/commands/enqueue-send.js';
import { startRatings } from '../../ratings/start-rating.js';
import { channelFarewell, resolveTicketText } from '../../ratings/ticket-texts.js';
import { closeAfterFarewellJob } from '../jobs/close-after-farewell.job.js';
import { logTicket } from '../ticket-log.js';
import { mutateTicket, patchTicket } from '../tickets.mutate.js';
import type { TicketRow } from '../tickets.presenter.js';
import { firstResponsePatch } from '../first-response.js';

/** SPEC §4: the farewell goes first; the ticket closes this long after it was sent. */
export const FAREWELL_CLOSE_DELAY_MS = 3_000;

/** Records an outbound text for the messages module's sender (status pending, from the agent). */
export async function recordOutbound(
  tx: TenantScope,
  row: TicketRow,
  body: string,
  userId: number | null,
  at = new Date(),
) {
  const message = await tx.insert(messages, {
    ticketId: row.id,
    contactId: row.contactId,
    channelId: row.channelId,
    userId,
    fromMe: true,
    body,
    status: 'pending',
    mediaType: 'chat',
  });
  // Sent right after commit; the messages sweeper repairs a crash in between.
  enqueueSend(tx, message);
  return { lastMessage: body.slice(0, 255), lastMessageAt: at, ...firstResponsePatch(userId) };
}

/**
 * Resolve. Without a farewell the ticket closes now (and, on a channel with rating on, the rating
 * question goes out); with one, the farewell is recorded for sending, `closeAfter` set and a job
 * closes the ticket a few seconds later if still due. No typed farewell and `useChannelFarewell`:
 * the channel's farewell message, if it has one. Variables in the farewell are resolved.
 */
export function closeTicket(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
  farewell?: string,
  opts: { useChannelFarewell?: boolean } = {},
): Promise<void> {
  return mutateTicket(scope, auth, id, 'close', async ({ tx, row }) => {
    const typed = farewell?.trim() || (opts.useChannelFarewell ? await channelFarewell(tx, row.channelId) : '');
    const text = typed ? await resolveTicketText(tx, row, typed, { name: auth.name, email: auth.email }) : '';
    if (!text) {
      const closed = await patchTicket(tx, id, {
        status: 'closed',
        closedAt: new Date(),
        closeAfter: null,
        unreadMessages: 0,
      });
      await logTicket(tx, id, 'closed', { userId: auth.userId, queueId: row.queueId });
      await startRatings(tx, [closed]);
      return;
    }
    const closeAfter = new Date(Date.now() + FAREWELL_CLOSE_DELAY_MS);
    await patchTicket(tx, id, { ...(await recordOutbound(tx, row, text, auth.userId)), closeAfter });
    enqueue(
      tx,
      closeAfterFarewellJob,
      { ticketId: id, userId: auth.userId },
      { startAfter: closeAfter, singletonKey: `close-${id}` },
    );
  });
}
