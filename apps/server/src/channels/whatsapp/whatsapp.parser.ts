/**
 * One stored WhatsApp Web payload (whatsapp.payload.ts) into Prosa's inbound events. Runs in the
 * inbound job and must be safe to run again on the same payload: contact joins are idempotent,
 * messages are deduplicated by their WhatsApp id downstream.
 *
 * Chats: a person (phone or LID, see whatsapp.contacts.ts) or a group, where the group is the
 * contact and who wrote goes before the text. Messages sent from the phone are fromMe. Statuses:
 * server ack -> sent, delivery -> delivered, read -> read, played -> played, error -> failed.
 * Reactions, deletions for everyone and edits become changes of the stored message they name.
 * A rejected call is answered with the company's callRejectMessage in the caller's ticket
 * (shared/call-reject.ts, once per call id) and makes no event of its own.
 */
import type { MessageUserReceiptUpdate, proto, WACallEvent, WAMessage, WAMessageKey, WAMessageUpdate } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import type { ChannelRow, InboundEvent } from '../../modules/channels/channel-adapter.js';
import { answerRejectedCall } from '../shared/call-reject.js';
import { contentOf } from './whatsapp.content.js';
import { groupSubject, isKnown, linkLid, profilePicture, resolvePerson, type Person } from './whatsapp.contacts.js';
import { baileys, isGroupJid, isIgnoredChat, isLidJid, normalizeJid, parseJid, phoneOf } from './whatsapp.jid.js';
import { fromJsonValue, numberOf } from './whatsapp.json.js';
import { downloadMedia } from './whatsapp.media.js';
import { editedOf, isRevoke, isWhatsappPayload } from './whatsapp.payload.js';

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;
type StatusEvent = Extract<InboundEvent, { kind: 'status' }>;
type Once = (key: string, fn: () => Promise<string | undefined>) => Promise<string | undefined>;

/** proto.WebMessageInfo.Status: ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5. */
const STATUS: Record<number, StatusEvent['status']> = {
  0: 'failed',
  2: 'sent',
  3: 'delivered',
  4: 'read',
  5: 'played',
};

export async function parseWhatsapp(platform: Platform, channel: ChannelRow, raw: unknown): Promise<InboundEvent[]> {
  if (!isWhatsappPayload(raw)) return [];
  const payload = fromJsonValue<typeof raw>(raw);
  switch (payload.kind) {
    case 'upsert':
    case 'history': {
      const events: InboundEvent[] = [];
      // A new contact's picture (a new group's name) is asked once per payload, not per message.
      const memo = new Map<string, Promise<string | undefined>>();
      const once: Once = (key, fn) => {
        if (!memo.has(key)) memo.set(key, fn());
        return memo.get(key)!;
      };
      for (const m of payload.messages) {
        const e = await messageEvent(platform, channel, m, once);
        if (e) events.push(e);
      }
      return events;
    }
    case 'status':
      return payload.updates.flatMap(statusOfUpdate);
    case 'receipt':
      return payload.receipts.flatMap(statusOfReceipt);
    case 'lid-mapping':
      for (const { lid, pn } of payload.mappings) {
        const [l, p] = isLidJid(lid) ? [lid, pn] : [pn, lid];
        if (phoneOf(p)) await linkLid(platform, channel.tenantId, normalizeJid(l), phoneOf(p));
      }
      return [];
    case 'reaction':
      return payload.reactions.flatMap(reactionOf);
    case 'change': {
      const events: InboundEvent[] = [];
      for (const u of payload.updates) {
        const e = await changeOf(platform, channel, u);
        if (e) events.push(e);
      }
      return events;
    }
    case 'call':
      for (const call of payload.calls) await answerCall(platform, channel, call);
      return [];
  }
}

/** The caller of a rejected call (by phone, or by LID when WhatsApp hides it) gets the company's message. */
async function answerCall(platform: Platform, channel: ChannelRow, call: WACallEvent): Promise<void> {
  const person = await resolvePerson(platform, channel, call.from, call.callerPn);
  if (!call.id || (!person.number && !person.lid)) return;
  const name = person.number || parseJid(person.lid)!.user;
  const from = person.number ? { number: person.number, name } : { providerId: person.lid, name };
  await answerRejectedCall(platform, channel, { id: call.id, from });
  // A contact the answer just made by number learns its LID too.
  if (person.number && person.lid) await linkLid(platform, channel.tenantId, person.lid, person.number);
}

/**
 * messages.reaction: `key` names the message reacted to (from our side: fromMe when it is ours),
 * `reaction.key` who reacted (the group participant, or the chat), `reaction.text` the emoji now.
 */
function reactionOf(r: { key: WAMessageKey; reaction: proto.IReaction }): InboundEvent[] {
  const target = r.key?.id;
  if (!target) return [];
  const by = r.reaction?.key;
  const fromMe = !!by?.fromMe;
  const author = normalizeJid(by?.participant || by?.remoteJid) || undefined;
  return [
    {
      kind: 'reaction',
      targetExternalId: target,
      emoji: r.reaction?.text ?? '',
      fromMe,
      ...(author && !fromMe ? { author } : {}),
    },
  ];
}

/**
 * messages.update of a deletion for everyone (REVOKE) or an edit. An edited group message keeps
 * the author's name in front, as it was stored (whatsapp.parser's messageEvent writes it so).
 */
async function changeOf(platform: Platform, channel: ChannelRow, u: WAMessageUpdate): Promise<InboundEvent | null> {
  const target = u.key?.id;
  if (!target) return null;
  if (isRevoke(u)) return { kind: 'delete', targetExternalId: target };
  const edited = editedOf(u);
  if (!edited) return null;
  const text = contentOf(await baileys(), edited)?.body;
  if (!text) return null;
  const chat = normalizeJid(u.key.remoteJid);
  const prefix = isGroupJid(chat) && !u.key.fromMe ? await storedAuthorPrefix(platform, channel, target) : '';
  return { kind: 'edit', targetExternalId: target, body: `${prefix}${text}` };
}

/** "Name: " in front of a stored group message of someone else ('' when it has none). */
async function storedAuthorPrefix(platform: Platform, channel: ChannelRow, externalId: string): Promise<string> {
  const row = await withTenant(platform.db, channel.tenantId, (scope) =>
    scope.first(messages, and(eq(messages.channelId, channel.id), eq(messages.externalId, externalId))!),
  );
  const at = row?.body.indexOf(': ') ?? -1;
  return row && at > 0 ? row.body.slice(0, at + 2) : '';
}

function statusOfUpdate(u: WAMessageUpdate): StatusEvent[] {
  const status = typeof u.update?.status === 'number' ? STATUS[u.update.status] : undefined;
  if (!u.key?.id || !u.key.fromMe || !status) return [];
  return [
    { kind: 'status', externalId: u.key.id, status, ...(status === 'failed' ? { error: 'ERR_SENDING_WAPP_MSG' } : {}) },
  ];
}

function statusOfReceipt(r: MessageUserReceiptUpdate): StatusEvent[] {
  if (!r.key?.id || !r.key.fromMe) return [];
  const status = r.receipt.playedTimestamp
    ? 'played'
    : r.receipt.readTimestamp
      ? 'read'
      : r.receipt.receiptTimestamp
        ? 'delivered'
        : null;
  return status ? [{ kind: 'status', externalId: r.key.id, status }] : [];
}

const timestampOf = (m: WAMessage) => {
  const t = numberOf(m.messageTimestamp);
  return t > 0 ? new Date(t * 1000) : undefined;
};

async function messageEvent(
  platform: Platform,
  channel: ChannelRow,
  m: WAMessage,
  once: Once,
): Promise<MessageEvent | null> {
  const chat = normalizeJid(m.key?.remoteJid);
  if (!m.key?.id || isIgnoredChat(chat)) return null;
  const B = await baileys();
  const content = contentOf(B, m.message);
  if (!content) return null;
  const fromMe = !!m.key.fromMe;
  const isGroup = isGroupJid(chat);

  let from: MessageEvent['from'];
  let body = content.body;
  if (isGroup) {
    const known = await isKnown(platform, channel, { group: chat });
    const subject = known ? undefined : await once(`subject:${chat}`, () => groupSubject(platform, channel, chat));
    from = { providerId: chat, name: subject ?? `Grupo ${parseJid(chat)!.user}` };
    if (!known) from.profilePicUrl = await once(`picture:${chat}`, () => profilePicture(platform, channel, chat));
    if (!fromMe) {
      const author = await resolvePerson(platform, channel, m.key.participant, m.key.participantAlt);
      const name = m.pushName?.trim() || author.number || parseJid(author.lid)?.user || '';
      if (name) body = body ? `${name}: ${body}` : name;
    }
  } else {
    const person: Person = await resolvePerson(platform, channel, chat, m.key.remoteJidAlt);
    if (!person.number && !person.lid) return null;
    const known = await isKnown(platform, channel, person);
    const fallback = person.number || parseJid(person.lid)!.user;
    from = person.number ? { number: person.number } : { providerId: person.lid };
    // A message we sent from the phone carries our own push name, not the customer's.
    from.name = (!fromMe && m.pushName?.trim()) || fallback;
    const jid = person.number ? `${person.number}@s.whatsapp.net` : person.lid;
    if (!known) from.profilePicUrl = await once(`picture:${jid}`, () => profilePicture(platform, channel, jid));
  }
  if (from.profilePicUrl === undefined) delete from.profilePicUrl;

  const media = content.media ? await downloadMedia(platform, channel, m, content.media) : null;
  if (content.media && !media && !body) body = `[${content.media.fileName}]`;
  const timestamp = timestampOf(m);
  return {
    kind: 'message',
    externalId: m.key.id,
    from,
    body,
    mediaType: content.media && !media ? 'chat' : content.mediaType,
    ...(media ? { media } : {}),
    ...(content.quotedId ? { quotedExternalId: content.quotedId } : {}),
    ...(content.replyId ? { replyId: content.replyId } : {}),
    ...(timestamp ? { timestamp } : {}),
    isGroup,
    fromMe,
  };
}
