import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { channels, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';
import { recordTicketText, resolveTicketText } from './ticket-texts.js';

type Closed = Pick<TicketRow, 'id' | 'protocol' | 'contactId' | 'channelId' | 'queueId' | 'userId' | 'isGroup'>;

/**
 * DOMAIN.md "Rating": tickets that have just closed (by an agent, in bulk, automatically, or when
 * a farewell close came due), on channels with rating on, get the channel's rating question
 * through the outbox and await the customer's 1-5 answer for the channel's wait. Call it in the
 * transaction that closed them. Group tickets are not rated. Costs one query when no channel of
 * the batch rates.
 */
export async function startRatings(tx: TenantScope, closed: Closed[], now = new Date()): Promise<number> {
  const candidates = closed.filter((t) => t.channelId !== null && !t.isGroup);
  if (candidates.length === 0) return 0;
  const ids = [...new Set(candidates.map((t) => t.channelId!))];
  const rating = await tx.select(channels, and(inArray(channels.id, ids), eq(channels.ratingEnabled, true)));
  const byId = new Map(rating.filter((c) => c.ratingMessage.trim()).map((c) => [c.id, c]));
  let started = 0;
  for (const ticket of candidates) {
    const channel = byId.get(ticket.channelId!);
    if (!channel) continue;
    const body = await resolveTicketText(tx, ticket, channel.ratingMessage.trim(), undefined, now);
    await recordTicketText(tx, ticket, body);
    // Only the last close of a conversation is rated: an earlier wait of the contact ends.
    await tx.update(
      tickets,
      { ratingUntil: null },
      and(
        eq(tickets.channelId, channel.id),
        eq(tickets.contactId, ticket.contactId),
        isNotNull(tickets.ratingUntil),
        ne(tickets.id, ticket.id),
      )!,
    );
    await tx.update(
      tickets,
      {
        ratingUntil: new Date(now.getTime() + channel.ratingWaitMinutes * 60_000),
        ratingInvalidSent: false,
        lastMessage: body.slice(0, 255),
        lastMessageAt: now,
        updatedAt: now,
      },
      eq(tickets.id, ticket.id),
    );
    started++;
  }
  return started;
}
