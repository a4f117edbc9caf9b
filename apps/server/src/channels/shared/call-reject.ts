/**
 * The company settings `rejectCalls` and `callRejectMessage` on the channels that receive WhatsApp
 * voice calls (WhatsApp Web: whatsapp.events.ts; the Cloud API: waba.calls.ts). The adapter rejects
 * the call with its provider at once; then `answerRejectedCall` records `callRejectMessage` as an
 * outgoing message of the caller's ticket (found or opened like an inbound message's, in one
 * transaction), which the outbox sends and retries like an agent's reply. The message is stored
 * once per call: its clientId is the call's id, unique in the ticket.
 */
import { eq } from 'drizzle-orm';
import { messages, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Database } from '../../platform/db/client.js';
import type { Platform } from '../../platform/platform.js';
import type { ChannelRow, InboundEvent } from '../../modules/channels/channel-adapter.js';
import {
  createContact,
  createTicket,
  findContactAndTicket,
  identityOf,
} from '../../modules/messages/inbound-contact-ticket.js';
import { enqueueSend } from '../../modules/messages/commands/enqueue-send.js';
import { emitMessage } from '../../modules/messages/messages.events.js';
import { presentMessage, previewOf } from '../../modules/messages/messages.presenter.js';
import { resolveTicketText } from '../../modules/ratings/ticket-texts.js';
import { getSetting, isSettingEnabled } from '../../modules/settings/settings.queries.js';
import { emitTicketChange } from '../../modules/tickets/tickets.events.js';

type Caller = Extract<InboundEvent, { kind: 'message' }>['from'];

/** The channel's company settings for calls: `reject` (rejectCalls) and `message` (callRejectMessage, trimmed). */
export function callSettings(platform: Platform, channel: ChannelRow): Promise<{ reject: boolean; message: string }> {
  return withTenant(platform.db, channel.tenantId, async (scope) => ({
    reject: await isSettingEnabled(scope, 'rejectCalls'),
    message: (await getSetting(scope, 'callRejectMessage')).trim(),
  }));
}

/** The clientId of the message that answers a rejected call (one per call and ticket). */
export const callRejectClientId = (callId: string) => `call-reject:${callId}`.slice(0, 200);

/**
 * Records the company's `callRejectMessage` (variables resolved) as a pending outgoing message of
 * the caller's open or pending ticket on the channel, opening one (and the contact) when there is
 * none, and queues its send. Nothing when the message is empty or this call was answered already.
 * Answers the stored message's id, or null.
 */
export async function answerRejectedCall(
  platform: Platform,
  channel: ChannelRow,
  call: { id: string; from: Caller },
): Promise<number | null> {
  return withTenant(platform.db, channel.tenantId, async (scope) => {
    const text = (await getSetting(scope, 'callRejectMessage')).trim();
    if (!text) return null;
    const identity = identityOf(channel, call.from);
    const clientId = callRejectClientId(call.id);
    return scope.transaction(async (tx) => {
      const found = await findContactAndTicket(tx, channel, identity);
      const contact = found.contact ?? (await createContact(tx, identity, call.from, false));
      const opened = found.ticket ? null : await createTicket(tx, channel, contact, {});
      const ticket = found.ticket ?? opened!.ticket;
      const body = await resolveTicketText(tx, ticket, text);
      const [row] = await tx.query((db) =>
        db
          .insert(messages)
          .values({
            tenantId: tx.tenantId,
            ticketId: ticket.id,
            contactId: ticket.contactId,
            channelId: channel.id,
            userId: null,
            fromMe: true,
            body,
            status: 'pending',
            mediaType: 'chat',
            clientId,
          })
          .onConflictDoNothing()
          .returning(),
      );
      // The same call seen again (a repeated event, a retried job): answered already.
      if (!row) return null;
      const now = new Date();
      await tx.update(
        tickets,
        { lastMessage: previewOf(row), lastMessageAt: now, lastOutboundAt: now, updatedAt: now },
        eq(tickets.id, ticket.id),
      );
      enqueueSend(tx, row);
      emitMessage(tx, ticket.id, 'create', presentMessage(row));
      emitTicketChange(tx, ticket.id, opened?.created ? 'create' : 'update');
      return row.id;
    });
  });
}

/**
 * Call ids this process handled lately, per database and channel: a repeated offer of the same
 * call (Baileys after a reconnect, a webhook delivered twice) is not rejected twice. Bounded: the
 * oldest ids are forgotten first.
 */
const seenBy = new WeakMap<Database, Map<number, Set<string>>>();
const SEEN_MAX = 500;

/** True the first time this call id is seen on the channel here, false afterwards. */
export function firstSightOfCall(db: Database, channelId: number, callId: string): boolean {
  let channels = seenBy.get(db);
  if (!channels) seenBy.set(db, (channels = new Map()));
  let seen = channels.get(channelId);
  if (!seen) channels.set(channelId, (seen = new Set()));
  if (seen.has(callId)) return false;
  seen.add(callId);
  if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value!);
  return true;
}

/** Forgets a call id whose handling failed, so a retry handles it again. */
export function forgetCall(db: Database, channelId: number, callId: string): void {
  seenBy.get(db)?.get(channelId)?.delete(callId);
}
