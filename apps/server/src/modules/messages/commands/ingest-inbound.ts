/**
 * The one inbound path of every channel (HOUSE.md, Channels). A provider message is stored once:
 * the insert does nothing on (channel_id, external_id), and then the whole transaction (a contact
 * or ticket it created, the counters) is rolled back, so a duplicate changes nothing. Events are
 * published after commit. The common case (known contact, active ticket) costs three statements.
 * Reactions, edits and deletions change the stored message they name (apply-inbound-change.ts);
 * an opt-out disables the person's campaigns (apply-optout.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ChannelRow, InboundEvent } from '../../channels/channel-adapter.js';
import { messages, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { storageOf } from '../../../platform/storage/storage.js';
import { isSettingEnabled } from '../../settings/settings.queries.js';
import { planAllows } from '../../tenants/plan-features.js';
import { emitTicketUpdateCoalesced } from '../coalesce-ticket-events.js';
import { fastIngest, fastOpen } from '../inbound-fast-path.js';
import { nextProtocol } from '../../tickets/protocol.js';
import type { TicketRow } from '../../tickets/tickets.presenter.js';
import {
  createContact,
  createTicket,
  directedOwner,
  findContactAndTicket,
  identityOf,
  latestTicket,
  newContactOf,
} from '../inbound-contact-ticket.js';
import { runAfterInbound } from '../after-inbound.js';
import { runAfterStatus, runUnmatchedStatus } from '../after-status.js';
import { emitMessage } from '../messages.events.js';
import { presentMessage, previewOf, type MessageRow } from '../messages.presenter.js';
import { getQuoted } from '../messages.queries.js';
import { answerRating } from '../../ratings/answer-rating.js';
import { applyInboundChange } from './apply-inbound-change.js';
import { applyOptOut } from './apply-optout.js';
import { sendGreeting } from '../../ratings/greeting.js';

export interface IngestResult {
  messageId: number | null;
  ticketId: number | null;
  duplicate: boolean;
}

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;
type StatusEvent = Extract<InboundEvent, { kind: 'status' }>;

/** Thrown inside the transaction to roll it back when the message is already stored. */
class AlreadyStored extends Error {}

/** A provider's acknowledgement never moves a message backwards (read, then a late "delivered"). */
const FROM_STATUSES: Record<StatusEvent['status'], MessageRow['status'][]> = {
  sent: ['pending', 'failed'],
  delivered: ['pending', 'sent', 'failed'],
  read: ['pending', 'sent', 'delivered', 'failed'],
  played: ['pending', 'sent', 'delivered', 'read', 'failed'],
  failed: ['pending', 'sent'],
};

export async function ingestInbound(
  scope: TenantScope,
  channel: ChannelRow,
  event: InboundEvent,
): Promise<IngestResult> {
  if (channel.tenantId !== scope.tenantId) throw new Error('ingestInbound: channel of another tenant');
  if (event.kind === 'status') return applyStatus(scope, channel, event);
  if (event.kind === 'message') return ingestMessage(scope, channel, event);
  if (event.kind === 'optout') {
    await applyOptOut(scope, channel, event);
    return { messageId: null, ticketId: null, duplicate: false };
  }
  return applyInboundChange(scope, channel, event);
}

async function applyStatus(scope: TenantScope, channel: ChannelRow, event: StatusEvent): Promise<IngestResult> {
  const [row] = await scope.update(
    messages,
    {
      status: event.status,
      ...(event.status === 'failed' ? { lastError: (event.error ?? 'failed').slice(0, 500) } : {}),
      updatedAt: new Date(),
    },
    and(
      eq(messages.channelId, channel.id),
      eq(messages.externalId, event.externalId),
      inArray(messages.status, FROM_STATUSES[event.status]),
    )!,
  );
  if (!row) {
    // Not a stored message's (or not a move forward): maybe a campaign's send (after-status.ts).
    await runUnmatchedStatus(scope, { channelId: channel.id, externalId: event.externalId, status: event.status, error: event.error });
    return { messageId: null, ticketId: null, duplicate: false };
  }
  emitMessage(scope, row.ticketId, 'update', presentMessage(row, await getQuoted(scope, row.quotedMsgId)));
  await runAfterStatus(scope, { messageId: row.id, ticketId: row.ticketId, channelId: channel.id, status: row.status });
  return { messageId: row.id, ticketId: row.ticketId, duplicate: false };
}

/** The events of a message stored by one statement (the fast paths), and the result. */
async function announce(
  scope: TenantScope,
  stored: { message: MessageRow; ticket: TicketRow },
  ticketAction: 'create' | 'update',
): Promise<IngestResult> {
  const { message, ticket } = stored;
  emitMessage(scope, ticket, 'create', presentMessage(message, await getQuoted(scope, message.quotedMsgId)));
  emitTicketUpdateCoalesced(scope, ticket.id, ticketAction);
  await runAfterInbound(scope, { ticket, messageId: message.id, created: ticketAction === 'create', fromMe: message.fromMe });
  return { messageId: message.id, ticketId: ticket.id, duplicate: false };
}

const mediaTypeOf = (event: MessageEvent) => event.mediaType ?? (event.media ? 'document' : 'chat');

async function ingestMessage(scope: TenantScope, channel: ChannelRow, event: MessageEvent): Promise<IngestResult> {
  const isGroup = event.isGroup ?? false;
  // Group messages are dropped when the company ignores them or its plan has no groups (SPEC §6).
  if (isGroup && ((await isSettingEnabled(scope, 'ignoreGroupMsg')) || !(await planAllows(scope, 'group'))))
    return { messageId: null, ticketId: null, duplicate: false };
  const identity = identityOf(channel, event.from);
  const storage = event.media ? storageOf(scope.database) : null;
  const media = event.media;
  const mediaKey =
    media && storage ? await storage.put(scope.tenantId, media.data, media.mimeType, media.fileName ?? 'file') : null;
  const at = event.timestamp ?? new Date();
  const fromMe = event.fromMe ?? false;
  const values = {
    fromMe,
    body: event.body,
    mediaType: mediaTypeOf(event),
    mediaKey,
    mediaName: media ? (media.fileName ?? 'file').slice(0, 200) : null,
    mimeType: media?.mimeType ?? null,
    mediaSize: media?.data.length ?? null,
    // Inbound messages are "received"; our own sent from elsewhere (the phone) are "sent".
    status: fromMe ? ('sent' as const) : ('received' as const),
    externalId: event.externalId,
    createdAt: at,
  };
  const preview = previewOf(values);
  const quotedExternalId = event.quotedExternalId ?? null;
  // An answer to the rating question of a closed ticket (modules/ratings), before the ticket logic.
  const rated =
    channel.ratingEnabled && !fromMe && !isGroup ? await answerRating(scope, channel, identity, values, preview) : null;
  if (rated) {
    if (rated.duplicate && mediaKey && storage) await storage.delete(mediaKey).catch(() => undefined);
    return rated;
  }
  const input = { channelId: channel.id, identity, values, quotedExternalId, preview };
  const { stored: fast, activeTicket } = await fastIngest(scope, input);
  if (fast) return announce(scope, fast, 'update');
  // A new ticket is coming (no active one): its protocol is taken now, committed at once, so the
  // transaction below does not hold the company's protocol counter (nextProtocol).
  const protocol = !activeTicket && !fromMe ? await nextProtocol(scope) : undefined;
  // A customer opens a ticket: one statement, unless the channel greets (its text is sent in the
  // ticket's transaction below) or a concurrent write made the contact or ticket first.
  if (protocol !== undefined && !channel.greetingMessage.trim()) {
    const opened = await fastOpen(scope, {
      ...input,
      contact: newContactOf(identity, event.from, isGroup),
      ticket: { queueId: channel.defaultQueueId, userId: channel.defaultUserId, protocol },
    });
    if (opened) return announce(scope, opened, 'create');
  }
  try {
    return await scope.transaction(async (tx) => {
      const found = await findContactAndTicket(tx, channel, identity);
      const contact = found.contact ?? (await createContact(tx, identity, event.from, isGroup));
      const counters: Pick<
        Partial<TicketRow>,
        'lastMessage' | 'lastMessageAt' | 'lastOutboundAt' | 'lastInboundAt'
      > = fromMe
        ? { lastMessage: preview, lastMessageAt: at, lastOutboundAt: at }
        : { lastMessage: preview, lastMessageAt: at, lastInboundAt: at };

      const existing = found.ticket ?? (fromMe ? await latestTicket(tx, channel.id, contact.id) : null);
      // A new ticket carries the counters of its first message: no second write.
      // A customer's new ticket goes to its wallet owner when DirectTicketsToWallets is on.
      const owner = existing || fromMe ? null : await directedOwner(tx, contact.id);
      const { ticket: target, created } = existing
        ? { ticket: existing, created: false }
        : await createTicket(tx, channel, contact, {
            ...counters,
            unreadMessages: fromMe ? 0 : 1,
            protocol,
            ...(owner ? { userId: owner } : {}),
          });
      let ticket = target;
      const quotedId = event.quotedExternalId
        ? sql`(select ${messages.id} from ${messages} where ${messages.tenantId} = ${tx.tenantId} and ${messages.channelId} = ${channel.id} and ${messages.externalId} = ${event.quotedExternalId} limit 1)`
        : null;
      const [msg] = await tx.query((db) =>
        db
          .insert(messages)
          .values({
            ...values,
            tenantId: tx.tenantId,
            ticketId: ticket.id,
            contactId: contact.id,
            channelId: channel.id,
            quotedMsgId: quotedId,
          })
          .onConflictDoNothing()
          .returning(),
      );
      if (!msg) throw new AlreadyStored();
      if (created && !fromMe) await sendGreeting(tx, channel, ticket, contact);
      if (!created) {
        const [updated] = await tx.update(
          tickets,
          {
            ...counters,
            ...(fromMe ? {} : { unreadMessages: sql`${tickets.unreadMessages} + 1` as unknown as number }),
            updatedAt: new Date(),
          },
          eq(tickets.id, ticket.id),
        );
        ticket = updated ?? ticket;
      }
      emitMessage(
        tx,
        ticket,
        'create',
        presentMessage(msg, msg.quotedMsgId ? await getQuoted(tx, msg.quotedMsgId) : null),
      );
      emitTicketUpdateCoalesced(tx, ticket.id, created ? 'create' : 'update');
      await runAfterInbound(tx, { ticket, messageId: msg.id, created, fromMe });
      return { messageId: msg.id, ticketId: ticket.id, duplicate: false };
    });
  } catch (err) {
    if (mediaKey && storage) await storage.delete(mediaKey).catch(() => undefined);
    if (!(err instanceof AlreadyStored)) throw err;
    const existing = await scope.first(
      messages,
      and(eq(messages.channelId, channel.id), eq(messages.externalId, event.externalId)),
    );
    return { messageId: existing?.id ?? null, ticketId: existing?.ticketId ?? null, duplicate: true };
  }
}
