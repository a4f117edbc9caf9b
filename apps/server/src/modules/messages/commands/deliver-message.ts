/**
 * The outbox's send step: claim the pending message, send it through the channel's adapter, mark
 * it sent or failed. "Nothing twice": the claim is one conditional UPDATE, so two jobs for the
 * same message (a retry and a sweeper's re-enqueue) never send it at the same time, and a sent
 * message is never claimed again. A send in flight holds the claim (attempts > 0, no error yet)
 * for CLAIM_LEASE; after a crash mid-send the message is claimable again once the lease is over.
 */
import { eq, sql } from 'drizzle-orm';
import { channelAdapters } from '../../channels/channel-registry.js';
import { ChannelSendError, type ChannelRow, type OutboundMessage } from '../../channels/channel-adapter.js';
import { channels, contacts, messages, tickets } from '../../../platform/db/schema.js';
import { columnEncoder, jsonRowReader } from '../../../platform/db/json-rows.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { storageOf } from '../../../platform/storage/storage.js';
import { emitMessage } from '../messages.events.js';
import { presentMessage, type MessageRow } from '../messages.presenter.js';
import { getQuoted } from '../messages.queries.js';
import type { TicketRow } from '../../tickets/tickets.presenter.js';
import { recipientOf } from '../recipient.js';
import { outgoingText } from '../signature.js';
import { catchUpAfterSend } from './catch-up-after-send.js';

/** pg-boss retries of one job; attempts across jobs are capped by MAX_ATTEMPTS. */
export const SEND_RETRY_LIMIT = 5;
export const MAX_ATTEMPTS = SEND_RETRY_LIMIT + 1;
/** OUTBOX_CLAIM_LEASE_MS (default 2 minutes) shortens it for the crash tests (faults/). */
const CLAIM_LEASE = `${Number(process.env.OUTBOX_CLAIM_LEASE_MS) || 120_000} milliseconds`;

export type DeliveryOutcome = 'sent' | 'failed' | 'retry' | 'skipped';

/** What a send reads of its ticket: the ticket, its contact and its channel. */
type SendContext = { ticket: TicketRow; contact: typeof contacts.$inferSelect; channel: ChannelRow | null };

/**
 * Claims the message and reads what its send needs (ticket, contact, channel) in the same
 * statement, built once (runMemo): the claim runs for every reply the outbox sends. The ticket is
 * as it is at the claim, just before the send (a farewell's ticket is closed already).
 */
async function claim(scope: TenantScope, messageId: number): Promise<(SendContext & { row: MessageRow }) | undefined> {
  const [raw] = await scope.runMemo(
    'messages.send.claim',
    (value) =>
      scope.query(async (db, owns) => {
        const claimed = db
          .update(messages)
          .set({ sendAttempts: sql`${messages.sendAttempts} + 1`, lastError: null, updatedAt: sql`now()` })
          .where(
            owns(
              messages,
              eq(messages.id, value('messageId')),
              eq(messages.fromMe, true),
              eq(messages.status, 'pending'),
              eq(messages.isDeleted, false),
              sql`(${messages.scheduleDate} is null or ${messages.scheduleDate} <= now())`,
              sql`(${messages.sendAttempts} = 0 or ${messages.lastError} is not null or ${messages.updatedAt} < now() - ${CLAIM_LEASE}::interval)`,
            ),
          )
          .returning()
          .getSQL();
        const ticketOf = sql`claimed.ticket_id`;
        return sql`with claimed as (${claimed})
          select row_to_json(claimed) as "row", row_to_json(${tickets}) as "ticket",
            row_to_json(${contacts}) as "contact", row_to_json(${channels}) as "channel"
          from claimed
          inner join ${tickets} on ${owns(tickets, eq(tickets.id, ticketOf))}
          inner join ${contacts} on ${owns(contacts, eq(contacts.id, tickets.contactId))}
          left join ${channels} on ${owns(channels, eq(channels.id, tickets.channelId))}`;
      }),
    { messageId },
  );
  if (!raw) return undefined;
  const json = (k: string) => raw[k] as Record<string, unknown> | null;
  return {
    row: readMessage(json('row')!),
    ticket: readTicket(json('ticket')!),
    contact: readContact(json('contact')!),
    channel: json('channel') ? readChannel(json('channel')!) : null,
  };
}
const readMessage = jsonRowReader(messages);
const readTicket = jsonRowReader(tickets);
const readContact = jsonRowReader(contacts);
const readChannel = jsonRowReader(channels);
const encodeMessage = columnEncoder(messages);

/**
 * Writes the send's outcome on the still-pending message, one statement per set of columns built
 * once (runMemo), and announces it.
 */
async function finish(
  scope: TenantScope,
  row: MessageRow,
  patch: Pick<Partial<MessageRow>, 'status' | 'externalId' | 'lastError'>,
  ticket: TicketRow,
): Promise<MessageRow | undefined> {
  const keys = (Object.keys(patch) as (keyof typeof patch)[]).filter((k) => patch[k] !== undefined).sort();
  const [raw] = await scope.runMemo(
    `messages.send.finish:${keys.join(',')}`,
    (value) =>
      scope.query(async (db, owns) =>
        db
          .update(messages)
          .set({ ...Object.fromEntries(keys.map((k) => [k, sql`${value(k)}`])), updatedAt: sql`now()` })
          .where(owns(messages, eq(messages.id, value('id')), eq(messages.status, 'pending')))
          .returning({ row: sql`row_to_json(${messages})`.as('row') })
          .getSQL(),
      ),
    { ...Object.fromEntries(keys.map((k) => [k, encodeMessage(k, patch[k])])), id: row.id },
  );
  const updated = raw ? readMessage(raw.row as Record<string, unknown>) : undefined;
  if (updated)
    emitMessage(scope, ticket, 'update', presentMessage(updated, await getQuoted(scope, updated.quotedMsgId)));
  return updated;
}

/**
 * The channel a still-pending outbound message goes out through (where its send must run), or
 * nothing when it is not pending any more: routing reads this before the claim, so an instance
 * that hands the send to another never counts an attempt.
 */
export async function channelOfPendingSend(
  scope: TenantScope,
  messageId: number,
): Promise<Pick<ChannelRow, 'id' | 'type'> | undefined> {
  // Prepared once per connection (runMemo): every send job asks it first (which instance holds
  // the channel's session), and drizzle's statement was planned again on each (0.8 ms of planning
  // for 0.1 ms of running, pg_stat_statements under bench/chatbot.ts).
  const [row] = await scope.runMemo(
    'messages.send.channel',
    (value) =>
      scope.query(async (db, owns) =>
        db
          .select({ id: channels.id, type: channels.type })
          .from(messages)
          .innerJoin(tickets, owns(tickets, eq(tickets.id, messages.ticketId)))
          .innerJoin(channels, owns(channels, eq(channels.id, tickets.channelId)))
          .where(
            owns(messages, eq(messages.id, value('messageId')), eq(messages.status, 'pending'), eq(messages.fromMe, true)),
          )
          .getSQL(),
      ),
    { messageId },
  );
  return row ? { id: Number(row.id), type: row.type as ChannelRow['type'] } : undefined;
}

export async function deliverMessage(platform: Platform, scope: TenantScope, messageId: number): Promise<DeliveryOutcome> {
  const ctx = await claim(scope, messageId);
  if (!ctx) return 'skipped';
  const { row } = ctx;
  if (!ctx.channel) {
    await finish(scope, row, { status: 'failed', lastError: 'ERR_NO_WAPP_FOUND' }, ctx.ticket);
    return 'failed';
  }
  const { channel, contact } = ctx;
  try {
    const adapter = channelAdapters[channel.type];
    if (!adapter) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
    const quoted = row.quotedMsgId ? await scope.first(messages, eq(messages.id, row.quotedMsgId)) : undefined;
    const text = outgoingText(channel.type, row);
    const out: OutboundMessage = {
      messageId: row.id,
      ticketId: row.ticketId,
      body: text.body,
      senderName: text.senderName,
      mediaType: row.mediaType,
      ...(row.mediaKey
        ? {
            media: {
              path: await storageOf(platform.db).localFile(row.mediaKey),
              mimeType: row.mimeType ?? 'application/octet-stream',
              fileName: row.mediaName ?? 'file',
            },
          }
        : {}),
      quotedExternalId: quoted?.externalId ?? null,
      to: recipientOf(contact),
      ticket: ctx.ticket,
      // Buttons or a list (a chatbot step): adapters with native ones send them, the rest send `body`.
      ...(row.interactive ? { interactive: row.interactive } : {}),
    };
    const { externalId } = await adapter.send(platform, channel, out);
    let sent: MessageRow | undefined;
    try {
      sent = await finish(scope, row, { status: 'sent', externalId, lastError: null }, ctx.ticket);
    } catch (err) {
      // The provider's id is already on another row (its echo arrived first): keep ours without it.
      if (!isUniqueViolation(err)) throw err;
      await finish(scope, row, { status: 'sent', lastError: null }, ctx.ticket);
      return 'sent';
    }
    // Compared with the stored body as read before the send (the signature is not part of it).
    await catchUpAfterSend(scope, row.id, sent, externalId, row.body);
    return 'sent';
  } catch (err) {
    const retryable = err instanceof ChannelSendError ? err.retryable : true;
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'ERR_SENDING_WAPP_MSG';
    if (!retryable || row.sendAttempts >= MAX_ATTEMPTS) {
      await finish(scope, row, { status: 'failed', lastError: reason }, ctx.ticket);
      return 'failed';
    }
    // Releases the claim (an error is recorded) and lets pg-boss retry with backoff.
    await finish(scope, row, { lastError: reason }, ctx.ticket);
    throw err;
  }
}
