/**
 * Messenger (`object: "page"`) and Instagram (`object: "instagram"`) webhook payloads -> Prosa's
 * inbound items, without any I/O. Attachments come out as URLs the adapter downloads; read and
 * delivery watermarks come out as requests the adapter resolves against the stored messages.
 *
 * Payload: { object, entry: [{ id, time, messaging: [{ sender, recipient, timestamp, message |
 * delivery | read | postback }], changes: [{ field: 'feed' | 'comments', value }] }] }. Only the
 * entries of this channel's page / Instagram account are read.
 */
import { COMMENT_MARKER } from '@prosa/contracts';
import type { InboundEvent } from '../../modules/channels/channel-adapter.js';

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;
type StatusEvent = Extract<InboundEvent, { kind: 'status' }>;
type ChangeEvent = Extract<InboundEvent, { kind: 'reaction' | 'edit' | 'delete' }>;

export type MetaObject = 'page' | 'instagram';

export interface AttachmentRef {
  /** image, video, audio, file (Messenger); also share, story_mention, ig_reel... (Instagram). */
  type: string;
  url: string;
}

export type MetaItem =
  | { kind: 'message'; event: MessageEvent; attachment?: AttachmentRef }
  | { kind: 'status'; event: StatusEvent }
  /** A person's reaction, edit or unsent message, applied to the message it names. */
  | { kind: 'change'; event: ChangeEvent }
  /** Everything we sent to this person until `until` has the status (Messenger watermarks). */
  | { kind: 'watermark'; providerId: string; status: 'delivered' | 'read'; until: Date }
  /** Instagram "seen": this message and the ones before it were read. */
  | { kind: 'readUpTo'; providerId: string; mid: string };

/** What identifies this channel in a payload: its object and the ids of its page / account. */
export interface MetaAccount {
  object: MetaObject;
  /** The entry ids that are this channel's (page id; Instagram account id and its page id). */
  ids: string[];
}

/** Echoes of messages Prosa sent carry this metadata (Messenger): they are already stored. */
export const PROSA_METADATA = 'prosa';
/** The marker of a comment in the desk (contracts: the desk knows it too); the comment is the rest. */
export { COMMENT_MARKER };

/* eslint-disable @typescript-eslint/no-explicit-any -- provider JSON is read defensively, field by field */
type Json = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined;

/** Meta sends milliseconds in messaging events and seconds in changes. */
function timeOf(v: unknown): Date | undefined {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return new Date(n < 1e12 ? n * 1000 : n);
}

/** The entries of this channel's page or account in a payload of its object. */
export function ownEntries(payload: unknown, account: MetaAccount): Json[] {
  const root = obj(payload);
  if (root?.object !== account.object) return [];
  return arr(root.entry)
    .map(obj)
    .filter((e): e is Json => !!e && account.ids.includes(str(e.id) ?? ''));
}

/** The Messenger "like" (thumbs up) stickers, in their three sizes. */
const LIKE_STICKERS = new Set(['369239263222822', '369239343222814', '369239383222810']);
const MEDIA_KINDS: Record<string, MessageEvent['mediaType']> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'document',
};

/** What a non-file attachment says in the desk (shares, story mentions, reels, locations). */
function attachmentText(a: Json): string {
  const type = str(a.type) ?? 'attachment';
  const p = obj(a.payload) ?? {};
  const url = str(p.url);
  const title = str(p.title) ?? str(a.title);
  const coords = obj(p.coordinates);
  if (coords) return `https://maps.google.com/maps?q=${Number(coords.lat)},${Number(coords.long)}`;
  const label: Record<string, string> = {
    story_mention: '[menção no story]',
    share: '[compartilhamento]',
    ig_reel: '[reel]',
    reel: '[reel]',
    ig_post: '[post]',
    template: '[modelo]',
    fallback: '[link]',
  };
  return [label[type] ?? `[${type}]`, title, url].filter(Boolean).join(' ');
}

function messageItems(m: Json, msg: Json, account: MetaAccount, at: Date | undefined): MetaItem[] {
  const mid = str(msg.mid);
  const sender = str(obj(m.sender)?.id);
  const recipient = str(obj(m.recipient)?.id);
  if (!mid || !sender || !recipient) return [];
  // Instagram tells of an unsent message as the message again, marked deleted.
  if (msg.is_deleted) return [{ kind: 'change', event: { kind: 'delete', targetExternalId: mid } }];
  const echo = msg.is_echo === true;
  // Our own sends come back as echoes (Messenger tags them); they are stored already.
  if (echo && str(msg.metadata)?.startsWith(PROSA_METADATA)) return [];
  const person = echo ? recipient : sender;
  if (!echo && account.ids.includes(sender)) return [];
  const replyTo = obj(msg.reply_to);
  const story = obj(replyTo?.story);
  const quoted = str(replyTo?.mid);
  let text = str(msg.text) ?? '';
  if (story) text = ['[resposta ao story]', str(story.url), text].filter(Boolean).join(' ');
  if (msg.is_unsupported) text = text || '[mensagem não suportada]';
  const base = (externalId: string, body: string): MessageEvent => ({
    kind: 'message',
    externalId,
    from: { providerId: person },
    body,
    ...(quoted ? { quotedExternalId: quoted } : {}),
    ...(str(obj(msg.quick_reply)?.payload) ? { replyId: str(obj(msg.quick_reply)?.payload)! } : {}),
    ...(at ? { timestamp: at } : {}),
    ...(echo ? { fromMe: true } : {}),
  });
  const sticker = str(msg.sticker_id);
  // Stickers and the "like" button are kept as text (the sticker image is Meta's, not the person's).
  if (sticker) return [{ kind: 'message', event: base(mid, LIKE_STICKERS.has(sticker) ? '👍' : '[sticker]') }];
  const attachments = arr(msg.attachments).map(obj).filter((a): a is Json => !!a);
  if (attachments.length === 0) return text ? [{ kind: 'message', event: base(mid, text) }] : [];
  const items: MetaItem[] = [];
  attachments.forEach((a, i) => {
    // One Messenger message may carry several files under one mid; each becomes its own message.
    const externalId = i === 0 ? mid : `${mid}:${i}`;
    const body = i === 0 ? text : '';
    const kind = MEDIA_KINDS[str(a.type) ?? ''];
    const url = str(obj(a.payload)?.url);
    if (kind && url) items.push({ kind: 'message', event: { ...base(externalId, body), mediaType: kind }, attachment: { type: str(a.type)!, url } });
    else items.push({ kind: 'message', event: base(externalId, [body, attachmentText(a)].filter(Boolean).join('\n')) });
  });
  return items;
}

/** Emoji of Meta's named reactions, for payloads that name one without its emoji. */
const REACTION_EMOJI: Record<string, string> = {
  love: '❤️',
  like: '👍',
  dislike: '👎',
  smile: '😆',
  laugh: '😆',
  wow: '😮',
  sad: '😢',
  angry: '😠',
};

/** message_reactions: the person's reaction now (unreact: none); message_edits: the new text. */
function changeOfMessaging(m: Json, sender: string, account: MetaAccount): MetaItem[] {
  const fromUs = account.ids.includes(sender);
  const reaction = obj(m.reaction);
  if (reaction) {
    const mid = str(reaction.mid);
    if (!mid) return [];
    const named = str(reaction.reaction) ?? '';
    const emoji = str(reaction.action) === 'unreact' ? '' : (str(reaction.emoji) ?? REACTION_EMOJI[named] ?? '⭐');
    return [
      {
        kind: 'change',
        event: { kind: 'reaction', targetExternalId: mid, emoji, ...(fromUs ? { fromMe: true } : { author: sender, fromMe: false }) },
      },
    ];
  }
  const edit = obj(m.message_edit);
  const mid = str(edit?.mid);
  const text = str(edit?.text);
  return mid && text !== undefined ? [{ kind: 'change', event: { kind: 'edit', targetExternalId: mid, body: text } }] : [];
}

function messagingItems(m: Json, account: MetaAccount): MetaItem[] {
  const at = timeOf(m.timestamp);
  const sender = str(obj(m.sender)?.id);
  const msg = obj(m.message);
  if (msg) return messageItems(m, msg, account, at);
  if (!sender) return [];
  if (obj(m.reaction) || obj(m.message_edit)) return changeOfMessaging(m, sender, account);
  const delivery = obj(m.delivery);
  if (delivery) {
    const mids = arr(delivery.mids).map(str).filter((x): x is string => !!x);
    if (mids.length) return mids.map((id) => ({ kind: 'status', event: { kind: 'status', externalId: id, status: 'delivered' } }));
    const until = timeOf(delivery.watermark);
    return until ? [{ kind: 'watermark', providerId: sender, status: 'delivered', until }] : [];
  }
  const read = obj(m.read);
  if (read) {
    const mid = str(read.mid);
    if (mid) return [{ kind: 'readUpTo', providerId: sender, mid }];
    const until = timeOf(read.watermark);
    return until ? [{ kind: 'watermark', providerId: sender, status: 'read', until }] : [];
  }
  // A tapped button (get started, persistent menu, template buttons): its title is what was said.
  const postback = obj(m.postback);
  if (postback && !account.ids.includes(sender)) {
    const id = str(postback.mid) ?? `postback:${sender}:${str(m.timestamp) ?? ''}`;
    const payload = str(postback.payload);
    return [
      {
        kind: 'message',
        event: {
          kind: 'message',
          externalId: id,
          from: { providerId: sender },
          body: str(postback.title) ?? payload ?? '',
          ...(payload ? { replyId: payload } : {}),
          ...(at ? { timestamp: at } : {}),
        },
      },
    ];
  }
  // Referrals, handovers, optins: not conversation.
  return [];
}

function commentEvent(id: string, from: { id: string; name?: string }, text: string, at: Date | undefined, parent?: string): MetaItem {
  return {
    kind: 'message',
    event: {
      kind: 'message',
      externalId: id,
      from: { providerId: from.id, ...(from.name ? { name: from.name } : {}) },
      body: `${COMMENT_MARKER} ${text}`.trim(),
      mediaType: 'comment',
      ...(parent ? { quotedExternalId: parent } : {}),
      ...(at ? { timestamp: at } : {}),
    },
  };
}

/** A new comment on a page post (field feed, item comment) or an Instagram media (field comments). */
function changeItems(change: Json, account: MetaAccount, entryTime: unknown): MetaItem[] {
  const field = str(change.field);
  const v = obj(change.value);
  if (!v) return [];
  const from = obj(v.from);
  const fromId = str(from?.id);
  // Our own replies come back as comments too.
  if (!fromId || account.ids.includes(fromId)) return [];
  if (account.object === 'page' && field === 'feed') {
    if (v.item !== 'comment' || v.verb !== 'add') return [];
    const id = str(v.comment_id);
    if (!id) return [];
    const parent = str(v.parent_id);
    const text = str(v.message) ?? (str(v.photo) ? `[foto] ${str(v.photo)}` : '');
    return [commentEvent(id, { id: fromId, name: str(from?.name) }, text, timeOf(v.created_time) ?? timeOf(entryTime), parent !== str(v.post_id) ? parent : undefined)];
  }
  if (account.object === 'instagram' && (field === 'comments' || field === 'live_comments')) {
    const id = str(v.id);
    if (!id) return [];
    return [commentEvent(id, { id: fromId, name: str(from?.username) }, str(v.text) ?? '', timeOf(entryTime), str(v.parent_id))];
  }
  return [];
}

/** Every item of this channel in a webhook payload, in payload order. */
export function parseMetaPayload(payload: unknown, account: MetaAccount): MetaItem[] {
  return ownEntries(payload, account).flatMap((entry) => [
    ...arr(entry.messaging).flatMap((m) => (obj(m) ? messagingItems(obj(m)!, account) : [])),
    ...arr(entry.changes).flatMap((c) => (obj(c) ? changeItems(obj(c)!, account, entry.time) : [])),
  ]);
}
