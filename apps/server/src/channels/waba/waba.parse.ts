/**
 * WhatsApp Cloud API webhook payloads -> Prosa's inbound events, without any I/O: media come out
 * as references (the Graph media id) that the adapter downloads. Only the changes of this
 * channel's phone number are read; anything else in the payload is ignored.
 *
 * Payload: { object: 'whatsapp_business_account', entry: [{ id, changes: [{ field: 'messages',
 * value: { messaging_product, metadata: { display_phone_number, phone_number_id }, contacts,
 * messages, statuses } }] }] }; field 'user_preferences' (value.user_preferences: a person
 * stopped or resumed marketing messages); and field 'calls' (the Calling API: a person's call
 * `connect` comes as value.calls [{ id, from, to, event, timestamp, direction, session }], see
 * waba.calls.ts).
 */
import type { InboundEvent } from '../../modules/channels/channel-adapter.js';

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;
type StatusEvent = Extract<InboundEvent, { kind: 'status' }>;
type ReactionEvent = Extract<InboundEvent, { kind: 'reaction' }>;
type OptOutEvent = Extract<InboundEvent, { kind: 'optout' }>;

export interface MediaRef {
  id: string;
  mimeType: string;
  fileName?: string;
}
/** A person's call ringing the business number (the Calling API's user-initiated `connect`). */
export interface WabaCall {
  /** The WhatsApp call id (`wacid....`). */
  id: string;
  /** The caller's number (digits). */
  from: string;
  name?: string;
}
/** A parsed event; a message with media still has to fetch it (`media`). */
export type WabaParsed = { event: StatusEvent | ReactionEvent | OptOutEvent } | { event: MessageEvent; media?: MediaRef };

/* eslint-disable @typescript-eslint/no-explicit-any -- provider JSON is read defensively, field by field */
type Json = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

const MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'sticker'] as const;
type MediaKind = (typeof MEDIA_KINDS)[number];

const FIELDS = new Set(['messages', 'user_preferences', 'calls']);

/** This phone number's `messages`, `user_preferences` and `calls` changes, each with its field. */
export function changeValues(payload: unknown, phoneNumberId: string): { field: string; value: Json }[] {
  const root = obj(payload);
  if (root?.object !== 'whatsapp_business_account') return [];
  const values: { field: string; value: Json }[] = [];
  for (const entry of arr(root.entry)) {
    for (const change of arr(obj(entry)?.changes)) {
      const c = obj(change);
      const value = obj(c?.value);
      const field = str(c?.field);
      if (!field || !FIELDS.has(field) || !value) continue;
      if (str(obj(value.metadata)?.phone_number_id) !== phoneNumberId) continue;
      values.push({ field, value });
    }
  }
  return values;
}

/**
 * A person stopped marketing messages: user_preferences [{ wa_id, detail, category:
 * 'marketing_messages', value: 'stop' | 'resume', timestamp }]
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/user_preferences).
 * A resume changes nothing here: the company turns campaigns back on for the contact if it wants.
 */
function optOutEvents(value: Json): WabaParsed[] {
  const out: WabaParsed[] = [];
  for (const raw of arr(value.user_preferences)) {
    const p = obj(raw);
    const number = str(p?.wa_id)?.replace(/\D/g, '');
    if (!p || !number || p.category !== 'marketing_messages' || p.value !== 'stop') continue;
    out.push({ event: { kind: 'optout', from: { number }, reason: 'marketing-stop' } });
  }
  return out;
}

function timestampOf(v: unknown): Date | undefined {
  const seconds = Number(str(v));
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : undefined;
}

const mapsLink = (lat: unknown, lng: unknown) => `https://maps.google.com/maps?q=${Number(lat)},${Number(lng)}`;

/** A shared contact card as text: name, then phones and emails, one a line. */
function contactCardText(card: Json): string {
  const name = obj(card.name);
  const lines = [str(name?.formatted_name) ?? [str(name?.first_name), str(name?.last_name)].filter(Boolean).join(' ')];
  for (const p of arr(card.phones)) lines.push(str(obj(p)?.phone) ?? str(obj(p)?.wa_id) ?? '');
  for (const e of arr(card.emails)) lines.push(str(obj(e)?.email) ?? '');
  return lines.filter(Boolean).join('\n');
}

/** Body, media type and reply id of one message; null for kinds Prosa does not keep. */
function contentOf(m: Json): { body: string; mediaType?: MessageEvent['mediaType']; media?: MediaRef; replyId?: string } | null {
  const type = str(m.type) ?? '';
  if ((MEDIA_KINDS as readonly string[]).includes(type)) {
    const media = obj(m[type]);
    const id = str(media?.id);
    if (!id) return { body: `[${type}]` };
    const fileName = str(media?.filename);
    return {
      body: str(media?.caption) ?? '',
      mediaType: type as MediaKind,
      media: { id, mimeType: str(media?.mime_type) ?? 'application/octet-stream', ...(fileName ? { fileName } : {}) },
    };
  }
  switch (type) {
    case 'text':
      return { body: str(obj(m.text)?.body) ?? '' };
    case 'location': {
      const l = obj(m.location) ?? {};
      const lines = [str(l.name), str(l.address), mapsLink(l.latitude, l.longitude)].filter(Boolean);
      return { body: lines.join('\n'), mediaType: 'location' };
    }
    case 'contacts':
      return { body: arr(m.contacts).map((c) => contactCardText(obj(c) ?? {})).filter(Boolean).join('\n\n') };
    case 'interactive': {
      const i = obj(m.interactive) ?? {};
      const reply = obj(i.button_reply) ?? obj(i.list_reply);
      if (reply) return { body: str(reply.title) ?? '', ...(str(reply.id) ? { replyId: str(reply.id)! } : {}) };
      // A WhatsApp Flow's answer: its JSON is kept as text.
      const nfm = obj(i.nfm_reply);
      return { body: str(nfm?.body) ?? str(nfm?.response_json) ?? '[interactive]' };
    }
    case 'button': {
      // A template's quick reply button.
      const b = obj(m.button) ?? {};
      return { body: str(b.text) ?? '', ...(str(b.payload) ? { replyId: str(b.payload)! } : {}) };
    }
    // Reactions change the message they name (reactionEvent). Number changes and identity
    // notices of the customer are not conversation.
    case 'reaction':
    case 'system':
    case 'request_welcome':
      return null;
    default:
      // unsupported, order, unknown new kinds: the agent sees that something arrived.
      return { body: `[${type || 'unsupported'}]` };
  }
}

/** The customer's reaction now, to the message of `reaction.message_id` (no emoji: taken back). */
function reactionEvent(m: Json, from: string): ReactionEvent | null {
  const r = obj(m.reaction);
  const target = str(r?.message_id);
  if (!target) return null;
  return { kind: 'reaction', targetExternalId: target, emoji: str(r?.emoji) ?? '', author: from.replace(/\D/g, ''), fromMe: false };
}

function messageEvents(value: Json): WabaParsed[] {
  const names = new Map<string, string>();
  for (const c of arr(value.contacts)) {
    const waId = str(obj(c)?.wa_id);
    const name = str(obj(obj(c)?.profile)?.name);
    if (waId && name) names.set(waId, name);
  }
  const out: WabaParsed[] = [];
  for (const raw of arr(value.messages)) {
    const m = obj(raw);
    const id = str(m?.id);
    const from = str(m?.from);
    if (!m || !id || !from) continue;
    if (str(m.type) === 'reaction') {
      const reaction = reactionEvent(m, from);
      if (reaction) out.push({ event: reaction });
      continue;
    }
    const content = contentOf(m);
    if (!content) continue;
    const name = names.get(from) ?? (names.size === 1 ? [...names.values()][0] : undefined);
    const quoted = str(obj(m.context)?.id);
    const at = timestampOf(m.timestamp);
    const event: MessageEvent = {
      kind: 'message',
      externalId: id,
      from: { number: from.replace(/\D/g, ''), ...(name ? { name } : {}) },
      body: content.body,
      ...(content.mediaType ? { mediaType: content.mediaType } : {}),
      ...(quoted ? { quotedExternalId: quoted } : {}),
      ...(content.replyId ? { replyId: content.replyId } : {}),
      ...(at ? { timestamp: at } : {}),
    };
    out.push(content.media ? { event, media: content.media } : { event });
  }
  return out;
}

/**
 * Calls that ring the business: `connect` events of user-initiated calls, whose session carries
 * the caller's SDP offer (a call the business places gets a `connect` with an SDP answer and
 * direction BUSINESS_INITIATED). `terminate` and status events of calls change nothing here.
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls
 */
function callsOf(value: Json): WabaCall[] {
  const names = new Map<string, string>();
  for (const c of arr(value.contacts)) {
    const waId = str(obj(c)?.wa_id);
    const name = str(obj(obj(c)?.profile)?.name);
    if (waId && name) names.set(waId, name);
  }
  const out: WabaCall[] = [];
  for (const raw of arr(value.calls)) {
    const c = obj(raw);
    const id = str(c?.id);
    const from = str(c?.from)?.replace(/\D/g, '');
    if (!c || !id || !from || c.event !== 'connect') continue;
    if (c.direction === 'BUSINESS_INITIATED' || str(obj(c.session)?.sdp_type) === 'answer') continue;
    const name = names.get(from);
    out.push({ id, from, ...(name ? { name } : {}) });
  }
  return out;
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

function statusEvents(value: Json): WabaParsed[] {
  const out: WabaParsed[] = [];
  for (const raw of arr(value.statuses)) {
    const s = obj(raw);
    const id = str(s?.id);
    const status = str(s?.status);
    if (!s || !id || !status || !STATUSES.has(status)) continue;
    const event: StatusEvent = { kind: 'status', externalId: id, status: status as StatusEvent['status'] };
    if (status === 'failed') {
      const e = obj(arr(s.errors)[0]);
      event.error = [str(e?.code), str(e?.title) ?? str(e?.message)].filter(Boolean).join(' ') || 'failed';
    }
    out.push({ event });
  }
  return out;
}

/** Every message, status and marketing stop of this phone number in a webhook payload, in payload order. */
export function parseWabaPayload(payload: unknown, phoneNumberId: string): WabaParsed[] {
  return changeValues(payload, phoneNumberId).flatMap(({ field, value }) =>
    field === 'user_preferences'
      ? optOutEvents(value)
      : field === 'messages'
        ? [...messageEvents(value), ...statusEvents(value)]
        : [],
  );
}

/** The calls ringing this phone number in a webhook payload (field `calls`). */
export function parseWabaCalls(payload: unknown, phoneNumberId: string): WabaCall[] {
  return changeValues(payload, phoneNumberId).flatMap(({ field, value }) => (field === 'calls' ? callsOf(value) : []));
}
