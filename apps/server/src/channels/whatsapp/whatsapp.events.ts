/**
 * A socket's data events -> durable payloads (ctx.receive: stored in inbound_events and enqueued
 * for parsing). Baileys has already acknowledged a message to WhatsApp when it emits it, so the
 * store is retried here a few times before giving up (and logging the payload's ids). Payloads are
 * stored one after another in the order the socket emitted them.
 *
 * Kept: messages of people and groups (not statuses, broadcasts or newsletters) that have content;
 * status acks and receipts of our own messages; reactions; deletions for everyone and edits (both
 * arrive as messages.update); LID <-> phone pairs; history within the import period. A LID sender without its phone beside it gets it from Baileys' LID store when
 * known, so the stored payload names the contact by number whenever possible.
 *
 * Calls: when the company rejects calls (rejectCalls), a person's call offer (not a group call's)
 * is rejected on the socket at once, once per call id, and stored as a `call` payload when the
 * company has a callRejectMessage: parse answers it in the caller's ticket (shared/call-reject.ts).
 */
import type { BaileysEventMap, WACallEvent, WAMessage } from 'baileys';
import type { SessionContext } from '../../modules/channels/channel-adapter.js';
import { callSettings, firstSightOfCall, forgetCall } from '../shared/call-reject.js';
import { contentOf } from './whatsapp.content.js';
import { historyChunks, importPeriodOf } from './whatsapp.history.js';
import { isGroupJid, isIgnoredChat, isLidJid, isPnJid, normalizeJid, type BaileysModule } from './whatsapp.jid.js';
import { toJsonValue } from './whatsapp.json.js';
import { editedOf, isRevoke, type WhatsappPayload } from './whatsapp.payload.js';
import { withTimeout, type WaSocket } from './whatsapp.socket.js';

const RECEIVE_TRIES = 5;

export interface InboundQueue {
  push(what: string, build: () => Promise<WhatsappPayload | null>): void;
  /** Resolves when everything pushed so far is stored (or given up). */
  drain(): Promise<void>;
}

export function inboundQueue(ctx: SessionContext, retryMs = 1000): InboundQueue {
  let tail: Promise<void> = Promise.resolve();
  const log = ctx.platform.log;
  const store = async (what: string, build: () => Promise<WhatsappPayload | null>) => {
    const payload = await build();
    if (!payload) return;
    const json = toJsonValue(payload);
    for (let attempt = 1; ; attempt++) {
      try {
        await ctx.receive(json);
        return;
      } catch (err) {
        if (attempt >= RECEIVE_TRIES) {
          log.error({ err, channelId: ctx.channel.id, what, payload: json }, 'whatsapp: update NOT stored');
          return;
        }
        await new Promise((r) => setTimeout(r, retryMs * 2 ** (attempt - 1)));
      }
    }
  };
  return {
    push(what, build) {
      tail = tail
        .then(() => store(what, build))
        .catch((err: unknown) => log.error({ err, channelId: ctx.channel.id, what }, 'whatsapp: update failed'));
    },
    drain: () => tail,
  };
}

const isConversation = (B: BaileysModule, m: WAMessage) =>
  !!m.key?.id && !isIgnoredChat(m.key.remoteJid) && !!contentOf(B, m.message);

/** Adds the phone of a LID-addressed sender from Baileys' LID store, when the message lacks it. */
async function withPhoneAlt(socket: WaSocket, m: WAMessage): Promise<WAMessage> {
  const group = isGroupJid(m.key.remoteJid);
  const who = group ? m.key.participant : m.key.remoteJid;
  const alt = group ? m.key.participantAlt : m.key.remoteJidAlt;
  if (!isLidJid(who) || alt || (m.key.fromMe && group)) return m;
  try {
    const pn = await socket.signalRepository.lidMapping.getPNForLID(normalizeJid(who));
    if (!pn) return m;
    const key = group ? { ...m.key, participantAlt: normalizeJid(pn) } : { ...m.key, remoteJidAlt: normalizeJid(pn) };
    return { ...m, key };
  } catch {
    return m;
  }
}

/** A person's call ringing now or missed while offline; not a group call, not one of ours. */
const isPersonalOffer = (c: WACallEvent) =>
  c.status === 'offer' && !!c.id && !c.isGroup && !c.groupJid && !isGroupJid(c.chatId) && (isPnJid(c.from) || isLidJid(c.from));

/**
 * Rejects the call when the company says so, and answers the `call` payload to store when it has
 * a message for the caller. Runs in the queue, in the order of the socket's events.
 */
async function rejected(ctx: SessionContext, socket: WaSocket, call: WACallEvent): Promise<WhatsappPayload | null> {
  const settings = await callSettings(ctx.platform, ctx.channel).catch((err: unknown) => {
    // Not read (the database away): a replay of the offer may try again.
    forgetCall(ctx.platform.db, ctx.channel.id, call.id);
    throw err;
  });
  if (!settings.reject) return null;
  try {
    await withTimeout(socket.rejectCall(call.id, call.from), 10_000, 'rejectCall');
  } catch (err) {
    // The socket dropped or WhatsApp did not answer: the caller still gets the message.
    ctx.platform.log.warn({ err, channelId: ctx.channel.id, callId: call.id }, 'whatsapp: call not rejected');
  }
  return settings.message ? { kind: 'call', calls: [call] } : null;
}

export function bindInbound(
  B: BaileysModule,
  ctx: SessionContext,
  socket: WaSocket,
  queue: InboundQueue,
  live: () => boolean,
): void {
  const on = <T extends keyof BaileysEventMap>(event: T, fn: (arg: BaileysEventMap[T]) => void) =>
    socket.ev.on(event, (arg) => {
      if (live()) fn(arg);
    });

  on('messages.upsert', ({ messages, type }) => {
    const kept = messages.filter((m) => isConversation(B, m));
    if (!kept.length || (type !== 'notify' && type !== 'append')) return;
    queue.push('messages.upsert', async () => ({
      kind: 'upsert',
      type,
      messages: await Promise.all(kept.map((m) => withPhoneAlt(socket, m))),
    }));
  });

  on('messages.update', (updates) => {
    const kept = updates.filter(
      (u) => u.key?.fromMe && u.key.id && typeof u.update?.status === 'number' && !isIgnoredChat(u.key.remoteJid),
    );
    if (kept.length)
      queue.push('messages.update', async () => ({
        kind: 'status',
        updates: kept.map((u) => ({ key: u.key, update: { status: u.update.status } })),
      }));
    const changed = updates.filter(
      (u) => u.key?.id && !isIgnoredChat(u.key.remoteJid) && (isRevoke(u) || !!editedOf(u)),
    );
    if (changed.length)
      queue.push('messages.update (change)', async () => ({
        kind: 'change',
        updates: changed.map((u) => ({
          key: u.key,
          update: isRevoke(u)
            ? { messageStubType: u.update.messageStubType, message: null }
            : { message: { editedMessage: { message: editedOf(u) } } },
        })),
      }));
  });

  on('message-receipt.update', (receipts) => {
    const kept = receipts.filter((r) => r.key?.fromMe && r.key.id);
    if (kept.length) queue.push('message-receipt.update', async () => ({ kind: 'receipt', receipts: kept }));
  });

  on('messages.reaction', (reactions) => {
    const kept = reactions.filter((r) => !isIgnoredChat(r.key?.remoteJid));
    if (kept.length) queue.push('messages.reaction', async () => ({ kind: 'reaction', reactions: kept }));
  });

  on('call', (calls) => {
    for (const call of calls.filter(isPersonalOffer))
      if (firstSightOfCall(ctx.platform.db, ctx.channel.id, call.id)) queue.push('call', () => rejected(ctx, socket, call));
  });

  on('lid-mapping.update', (mapping) => {
    queue.push('lid-mapping.update', async () => ({ kind: 'lid-mapping', mappings: [mapping] }));
  });

  on('messaging-history.set', ({ messages, lidPnMappings }) => {
    if (lidPnMappings?.length)
      queue.push('history lid mappings', async () => ({ kind: 'lid-mapping', mappings: lidPnMappings }));
    const period = importPeriodOf(ctx.channel);
    if (!period) return;
    for (const chunk of historyChunks(B, messages, period))
      queue.push('messaging-history.set', async () => ({ kind: 'history', messages: chunk }));
  });
}
