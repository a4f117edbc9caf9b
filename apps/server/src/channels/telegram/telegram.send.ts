/**
 * An agent's message to a Telegram chat: text with sendMessage, files with the send method of
 * their kind (uploaded from the stored file), a quoted reply as `reply_parameters`. The chat id is
 * the contact's provider id; the answer's id is `${chat.id}:${message_id}`, like inbound ones.
 */
import { InputFile } from 'grammy';
import type { Message } from 'grammy/types';
import type { Platform } from '../../platform/platform.js';
import { ChannelSendError, type ChannelRow, type OutboundMessage } from '../../modules/channels/channel-adapter.js';
import { apiOf, callSend, SEND_TIMEOUT_SECONDS } from './telegram.api.js';
import { externalIdOf } from './telegram.parser.js';

/** Captions are limited to 1024 characters, messages to 4096 (longer text goes in parts). */
const CAPTION_MAX = 1024;
const TEXT_MAX = 4096;

/** The message id inside our `${chat.id}:${message_id}` external id, when it is of this chat. */
export function quotedMessageId(quotedExternalId: string | null | undefined, chatId: string): number | undefined {
  if (!quotedExternalId) return undefined;
  const i = quotedExternalId.lastIndexOf(':');
  if (i < 0 || quotedExternalId.slice(0, i) !== chatId) return undefined;
  const id = Number(quotedExternalId.slice(i + 1));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function chunks(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts;
}

type MediaMethod = 'sendPhoto' | 'sendDocument' | 'sendVoice' | 'sendAudio' | 'sendVideo';

/** Telegram's kind for a stored file: voice notes must be OGG/Opus, photos a common image format. */
export function mediaMethodOf(mediaType: string, mimeType: string): MediaMethod {
  const mime = mimeType.toLowerCase();
  if (mediaType === 'image' && /^image\/(jpeg|png|webp)$/.test(mime)) return 'sendPhoto';
  if (mediaType === 'audio' && /^audio\/(ogg|opus)/.test(mime)) return 'sendVoice';
  if (mediaType === 'audio' && /^audio\/(mpeg|mp3|mp4|m4a|x-m4a|aac)/.test(mime)) return 'sendAudio';
  if (mediaType === 'video' && mime === 'video/mp4') return 'sendVideo';
  return 'sendDocument';
}

export async function sendTelegram(
  platform: Platform,
  channel: ChannelRow,
  msg: OutboundMessage,
): Promise<{ externalId: string }> {
  const chatId = msg.to.providerId ?? '';
  if (!/^-?\d+$/.test(chatId)) throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
  const api = apiOf(platform, channel, SEND_TIMEOUT_SECONDS);
  const replyTo = quotedMessageId(msg.quotedExternalId, chatId);
  // A quoted message that was deleted since must not fail the reply.
  const reply = replyTo ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } } : {};
  let sent: Message;
  if (msg.media) {
    const method = mediaMethodOf(msg.mediaType, msg.media.mimeType);
    const { path: file, fileName } = msg.media;
    const caption = msg.body.length <= CAPTION_MAX ? msg.body : '';
    // A fresh InputFile per attempt: its stream is consumed by an upload.
    const upload = () => new InputFile(file, fileName);
    const opts = { ...(caption ? { caption } : {}), ...reply };
    sent = await callSend<Message>(() => {
      switch (method) {
        case 'sendPhoto':
          return api.sendPhoto(chatId, upload(), opts);
        case 'sendVoice':
          return api.sendVoice(chatId, upload(), opts);
        case 'sendAudio':
          return api.sendAudio(chatId, upload(), opts);
        case 'sendVideo':
          return api.sendVideo(chatId, upload(), opts);
        default:
          return api.sendDocument(chatId, upload(), opts);
      }
    });
    // A text too long for a caption follows the file, as its own message.
    if (!caption && msg.body.trim())
      await followUps(platform, chunks(msg.body, TEXT_MAX), (part) => api.sendMessage(chatId, part));
  } else {
    if (!msg.body.trim()) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
    const [first, ...rest] = chunks(msg.body, TEXT_MAX);
    sent = await callSend(() => api.sendMessage(chatId, first!, reply));
    await followUps(platform, rest, (part) => api.sendMessage(chatId, part));
  }
  return { externalId: externalIdOf(sent.chat.id, sent.message_id) };
}

/**
 * The rest of a text too long for one Telegram message. The first part is already delivered, so a
 * failure here is logged, not thrown: a retry of the whole message would send that part twice.
 */
async function followUps(platform: Platform, parts: string[], send: (part: string) => Promise<unknown>): Promise<void> {
  for (const part of parts) {
    try {
      await callSend(() => send(part));
    } catch (err) {
      platform.log.warn({ err }, 'telegram: a follow-up part of a long message was not sent');
      return;
    }
  }
}
