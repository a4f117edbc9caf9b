/**
 * One Telegram Update (a webhook body or a getUpdates item, stored raw) into Prosa's inbound
 * events. New messages of private chats and groups become messages, `edited_message` an edit of
 * the stored one and `message_reaction` the person's reaction; channel posts, callback queries and
 * the rest are ignored without failing. Media is fetched with getFile and the file download URL; a
 * failed download throws so the inbound job retries it.
 */
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { GrammyError } from 'grammy';
import type { Message, MessageReactionUpdated, Update } from 'grammy/types';
import type { Platform } from '../../platform/platform.js';
import { proxyFetchInit } from '../../platform/security/proxy.js';
import type { ChannelRow, InboundEvent } from '../../modules/channels/channel-adapter.js';
import { apiOf, apiRootOf } from './telegram.api.js';

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;

/** Telegram lets bots download files up to 20 MB; larger ones are stored as a note without bytes. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

export class MediaDownloadError extends Error {
  constructor(detail: string) {
    super(`ERR_MEDIA_DOWNLOAD_FAILED: ${detail}`);
  }
}

/** `${chat.id}:${message_id}`: message ids are only unique within a chat. */
export const externalIdOf = (chatId: number | string, messageId: number) => `${chatId}:${messageId}`;

interface MediaRef {
  fileId: string;
  mediaType: NonNullable<MessageEvent['mediaType']>;
  mimeType?: string;
  fileName?: string;
}

/** The file of a message, if any: the largest photo size, the document, voice, audio... */
export function mediaOf(m: Message): MediaRef | null {
  if (m.photo?.length) {
    const largest = [...m.photo]
      .sort((a, b) => (a.file_size ?? a.width * a.height) - (b.file_size ?? b.width * b.height))
      .at(-1)!;
    return { fileId: largest.file_id, mediaType: 'image', mimeType: 'image/jpeg' };
  }
  if (m.sticker) {
    const mime = m.sticker.is_video ? 'video/webm' : m.sticker.is_animated ? 'application/x-tgsticker' : 'image/webp';
    return { fileId: m.sticker.file_id, mediaType: 'sticker', mimeType: mime };
  }
  if (m.voice) return { fileId: m.voice.file_id, mediaType: 'audio', mimeType: m.voice.mime_type ?? 'audio/ogg' };
  if (m.audio)
    return { fileId: m.audio.file_id, mediaType: 'audio', mimeType: m.audio.mime_type, fileName: m.audio.file_name };
  if (m.video)
    return { fileId: m.video.file_id, mediaType: 'video', mimeType: m.video.mime_type, fileName: m.video.file_name };
  if (m.video_note) return { fileId: m.video_note.file_id, mediaType: 'video', mimeType: 'video/mp4' };
  // A GIF comes as an animation (with a copy in `document`): shown as a video.
  if (m.animation)
    return {
      fileId: m.animation.file_id,
      mediaType: 'video',
      mimeType: m.animation.mime_type,
      fileName: m.animation.file_name,
    };
  if (m.document)
    return {
      fileId: m.document.file_id,
      mediaType: 'document',
      mimeType: m.document.mime_type,
      fileName: m.document.file_name,
    };
  return null;
}

function nameOf(p: { first_name?: string; last_name?: string; title?: string; username?: string }): string {
  const full = [p.first_name, p.last_name].filter(Boolean).join(' ').trim();
  return full || p.title || (p.username ? `@${p.username}` : '');
}

function bodyOf(m: Message): string {
  if (m.location) {
    const where = `https://maps.google.com/maps?q=${m.location.latitude},${m.location.longitude}`;
    return m.venue ? `${m.venue.title}\n${m.venue.address}\n${where}` : where;
  }
  if (m.contact) return [nameOf(m.contact), m.contact.phone_number].filter(Boolean).join(' ');
  return m.text ?? m.caption ?? '';
}

async function download(platform: Platform, channel: ChannelRow, ref: MediaRef): Promise<MessageEvent['media'] | null> {
  let filePath: string | undefined;
  try {
    filePath = (await apiOf(platform, channel).getFile(ref.fileId)).file_path;
  } catch (err) {
    // "file is too big" (over 20 MB) or a file id Telegram no longer knows: retrying cannot help.
    if (err instanceof GrammyError && err.error_code === 400) return null;
    throw new MediaDownloadError((err as Error).message);
  }
  if (!filePath) return null;
  let data: Buffer;
  try {
    const res = await fetch(`${apiRootOf(platform)}/file/bot${channel.token}/${filePath}`, {
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      ...proxyFetchInit(channel.proxy),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    data = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw new MediaDownloadError((err as Error).message);
  }
  const sniffed = ref.mimeType ? undefined : (await fileTypeFromBuffer(data))?.mime;
  return {
    data,
    mimeType: ref.mimeType ?? sniffed ?? 'application/octet-stream',
    fileName: ref.fileName ?? path.posix.basename(filePath),
  };
}

const isGroupChat = (chat: { type: string }) => chat.type === 'group' || chat.type === 'supergroup';

/** In a group the chat is the contact; who wrote goes before the text, so agents can tell. */
function withSender(m: Message, body: string): string {
  const sender = isGroupChat(m.chat) && m.from ? nameOf(m.from) : '';
  return sender ? (body ? `${sender}: ${body}` : sender) : body;
}

/** The new text (or caption) of an edited message, written as its first version was stored. */
function editEvents(m: Message): InboundEvent[] {
  if (typeof m.message_id !== 'number' || !m.chat) return [];
  const text = bodyOf(m);
  // A caption taken off a file leaves what is stored (the file's name): nothing to show instead.
  if (!text) return [];
  return [{ kind: 'edit', targetExternalId: externalIdOf(m.chat.id, m.message_id), body: withSender(m, text) }];
}

/**
 * A person's reaction now (bots get these when `message_reaction` is allowed and, in groups, when
 * they are administrators). Bots see one reaction per person: the first emoji one, a paid or
 * custom emoji one as a star, none when taken back.
 */
function reactionEvents(r: MessageReactionUpdated): InboundEvent[] {
  const who = r.user?.id ?? r.actor_chat?.id;
  if (typeof r.message_id !== 'number' || !r.chat || who === undefined) return [];
  const list = Array.isArray(r.new_reaction) ? r.new_reaction : [];
  const emoji = list.find((x) => x.type === 'emoji');
  return [
    {
      kind: 'reaction',
      targetExternalId: externalIdOf(r.chat.id, r.message_id),
      emoji: emoji?.type === 'emoji' ? emoji.emoji : list.length ? '⭐' : '',
      author: String(who),
      fromMe: false,
    },
  ];
}

/**
 * `my_chat_member` in a private chat: "for private chats, this update is received only when the bot
 * is blocked or unblocked by the user" (https://core.telegram.org/bots/api#update). Blocked means
 * the bot's new status is `kicked` (ChatMemberBanned); an unblock changes nothing here (the
 * company turns campaigns back on for the contact if it wants).
 */
function blockEvents(u: NonNullable<Update['my_chat_member']>): InboundEvent[] {
  if (u.chat.type !== 'private' || u.new_chat_member.status !== 'kicked') return [];
  return [{ kind: 'optout', from: { providerId: String(u.chat.id) }, reason: 'blocked' }];
}

export async function parseTelegramUpdate(
  platform: Platform,
  channel: ChannelRow,
  payload: unknown,
): Promise<InboundEvent[]> {
  const update = payload as Update | null;
  if (update?.edited_message) return editEvents(update.edited_message);
  if (update?.message_reaction) return reactionEvents(update.message_reaction);
  if (update?.my_chat_member) return blockEvents(update.my_chat_member);
  const m = update?.message;
  if (!m || typeof m.message_id !== 'number' || !m.chat) return [];
  const chat = m.chat;
  const isGroup = isGroupChat(chat);
  const ref = mediaOf(m);
  const media = ref ? await download(platform, channel, ref) : null;
  let body = bodyOf(m);
  if (ref && !media && !body) body = ref.fileName ? `[${ref.fileName}]` : `[${ref.mediaType}]`;
  body = withSender(m, body);
  const event: MessageEvent = {
    kind: 'message',
    externalId: externalIdOf(chat.id, m.message_id),
    from: {
      providerId: String(chat.id),
      name: (isGroup ? chat.title : nameOf(chat)) || nameOf(m.from ?? {}) || String(chat.id),
    },
    body,
    mediaType: m.location ? 'location' : media ? ref!.mediaType : 'chat',
    ...(media ? { media } : {}),
    ...(m.reply_to_message ? { quotedExternalId: externalIdOf(chat.id, m.reply_to_message.message_id) } : {}),
    timestamp: new Date(m.date * 1000),
    isGroup,
  };
  return [event];
}
