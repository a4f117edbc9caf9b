/**
 * The customer's answer to the rating question, checked BEFORE the normal inbound ticket logic,
 * only on channels with rating on (a column of the channel row the caller already has: other
 * channels pay nothing). One indexed query (tickets_rating_wait_idx) finds a ticket of the
 * contact awaiting a rating; only then a transaction locks it and decides:
 * - a single digit 1-5: the rating is stored, the thanks text sent, no ticket is created;
 * - anything else, the first time: the invalid-answer text is sent (once);
 * - anything else again: the wait ends and the message takes the normal path (a new ticket).
 * The answer is stored on the closed ticket, not counted as unread. The same provider message
 * delivered twice is found already stored and changes nothing (one rating, one thanks).
 */
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ChannelRow } from '../channels/channel-adapter.js';
import { contacts, messages, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { emitTicketChange } from '../tickets/tickets.events.js';
import type { IngestResult } from '../messages/commands/ingest-inbound.js';
import { identityWhere, type ContactIdentity } from '../messages/inbound-contact-ticket.js';
import type { FastInput } from '../messages/inbound-fast-path.js';
import { emitMessage } from '../messages/messages.events.js';
import { presentMessage } from '../messages/messages.presenter.js';
import { recordTicketText, resolveTicketText } from './ticket-texts.js';

/** A rating is one digit from 1 to 5, alone (spaces and a trailing dot allowed). */
export const RATING_ANSWER = /^\s*([1-5])\s*\.?\s*$/;

type Channel = Pick<ChannelRow, 'id' | 'ratingThanksMessage' | 'ratingInvalidMessage'>;

class StoredMeanwhile extends Error {}

/** The contact's ticket on the channel awaiting a rating now, unless a newer one is active. */
async function findWaiting(scope: TenantScope, channelId: number, identity: ContactIdentity, now: Date) {
  const [row] = await scope.query((db, owns) =>
    db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        owns(
          tickets,
          eq(tickets.channelId, channelId),
          isNotNull(tickets.ratingUntil),
          gt(tickets.ratingUntil, now),
          inArray(
            tickets.contactId,
            db
              .select({ id: contacts.id })
              .from(contacts)
              .where(owns(contacts, identityWhere(identity))),
          ),
          sql`not exists (select 1 from ${tickets} a where a.tenant_id = ${tickets.tenantId} and a.channel_id = ${tickets.channelId}
            and a.contact_id = ${tickets.contactId} and a.status in ('open', 'pending'))`,
        ),
      )
      .orderBy(desc(tickets.id))
      .limit(1),
  );
  return row ?? null;
}

/** Ends every rating wait of the contact on the channel. */
const endWaits = (tx: TenantScope, channelId: number, contactId: number) =>
  tx.update(
    tickets,
    { ratingUntil: null },
    and(eq(tickets.channelId, channelId), eq(tickets.contactId, contactId), isNotNull(tickets.ratingUntil))!,
  );

/** Null: not a rating answer, take the normal inbound path. */
export async function answerRating(
  scope: TenantScope,
  channel: Channel,
  identity: ContactIdentity,
  values: FastInput['values'],
  preview: string,
  now = new Date(),
): Promise<IngestResult | null> {
  const waiting = await findWaiting(scope, channel.id, identity, now);
  if (!waiting) return null;
  try {
    return await scope.transaction(async (tx) => {
      // Locked, and re-checked: a duplicate of this message waits here for the first to commit.
      const [ticket] = await tx
        .select(tickets, and(eq(tickets.id, waiting.id), gt(tickets.ratingUntil, now))!)
        .for('update');
      if (!ticket) return null;
      const stored = await tx.first(
        messages,
        and(eq(messages.channelId, channel.id), eq(messages.externalId, values.externalId!))!,
      );
      if (stored) return { messageId: stored.id, ticketId: stored.ticketId, duplicate: true };
      const digit = values.mediaKey ? undefined : RATING_ANSWER.exec(values.body)?.[1];
      if (!digit && ticket.ratingInvalidSent) {
        await endWaits(tx, channel.id, ticket.contactId);
        return null;
      }
      const [msg] = await tx.query((db) =>
        db
          .insert(messages)
          .values({
            ...values,
            tenantId: tx.tenantId,
            ticketId: ticket.id,
            contactId: ticket.contactId,
            channelId: channel.id,
          })
          .onConflictDoNothing()
          .returning(),
      );
      if (!msg) throw new StoredMeanwhile();
      emitMessage(tx, ticket, 'create', presentMessage(msg));
      const reply = (digit ? channel.ratingThanksMessage : channel.ratingInvalidMessage).trim();
      const text = reply ? await resolveTicketText(tx, ticket, reply, undefined, now) : '';
      if (text) await recordTicketText(tx, ticket, text);
      if (digit) await endWaits(tx, channel.id, ticket.contactId);
      await tx.update(
        tickets,
        {
          ...(digit ? { rating: Number(digit), ratedAt: now } : { ratingInvalidSent: true }),
          lastMessage: text ? text.slice(0, 255) : preview,
          lastMessageAt: now,
          lastInboundAt: values.createdAt,
          updatedAt: now,
        },
        eq(tickets.id, ticket.id),
      );
      emitTicketChange(tx, ticket.id, 'update');
      return { messageId: msg.id, ticketId: ticket.id, duplicate: false };
    });
  } catch (err) {
    if (!(err instanceof StoredMeanwhile)) throw err;
    const stored = await scope.first(
      messages,
      and(eq(messages.channelId, channel.id), eq(messages.externalId, values.externalId!))!,
    );
    return { messageId: stored?.id ?? null, ticketId: stored?.ticketId ?? null, duplicate: true };
  }
}
