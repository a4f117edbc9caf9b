/**
 * An agent's message to WhatsApp through the channel's live socket. The recipient is the group or
 * LID JID kept on the contact, else its number, checked with onWhatsApp once per connection (it
 * answers the JID WhatsApp uses, e.g. a Brazilian number without its ninth digit). Files go by
 * kind (image, video, OGG/Opus audio as a voice note, other audio, anything else as a document);
 * a quoted reply quotes the stored message.
 *
 * The WhatsApp message id is derived from Prosa's message id, so a retried send (the outbox
 * retries on errors) reuses the id instead of making a second message with a new one.
 *
 * Only the app instance holding the socket can send: the send job runs there (the adapter is
 * `liveSessionOnly`, see modules/channels/session/session-jobs.ts). Without a socket here (not connected,
 * or still reconnecting) ERR_WAPP_NOT_INITIALIZED is retryable.
 */
import { createHash } from 'node:crypto';
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import { ChannelSendError, type ChannelRow, type OutboundMessage } from '../../modules/channels/channel-adapter.js';
import { isGroupJid, isLidJid, normalizeJid, phoneJid } from './whatsapp.jid.js';
import { liveSocketOf, withTimeout, type LiveSocket } from './whatsapp.socket.js';

const SEND_TIMEOUT_MS = 120_000;
const CAPTION_MAX = 1024;

/** A stable WhatsApp id for a Prosa message (same shape as Baileys' own: 3EB0 + 18 hex). */
export const waMessageIdOf = (channelId: number, messageId: number) =>
  `3EB0${createHash('sha256').update(`prosa:${channelId}:${messageId}`).digest('hex').slice(0, 18).toUpperCase()}`;

/** A failed call to WhatsApp: retried (the socket may be reconnecting). */
export const failed = (err: unknown) =>
  new ChannelSendError(`ERR_SENDING_WAPP_MSG: ${String((err as Error)?.message ?? err).slice(0, 300)}`, true);

/** The chat a message to `to` goes to (onWhatsApp answers are cached per connection). */
export async function recipientOf(live: LiveSocket, to: OutboundMessage['to']): Promise<string> {
  const provider = normalizeJid(to.providerId);
  if (isGroupJid(provider)) return provider;
  const digits = to.number.replace(/\D/g, '');
  if (digits) {
    if (!live.jids.has(digits)) {
      let found: { jid: string; exists: boolean }[] | undefined;
      try {
        found = await withTimeout(live.socket.onWhatsApp(phoneJid(digits)), 20_000, 'onWhatsApp');
      } catch (err) {
        throw failed(err);
      }
      const hit = found?.find((r) => r.exists);
      // Only answers that exist are kept: a number may join WhatsApp later.
      if (hit) live.jids.set(digits, normalizeJid(hit.jid));
    }
    const jid = live.jids.get(digits);
    if (!jid) throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
    return jid;
  }
  if (isLidJid(provider)) return provider;
  throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
}

/**
 * onWhatsApp for one number (the external API's number check, contact creation): the JID WhatsApp
 * knows it by, or null. Asked through this instance's socket; without one it throws.
 */
export async function checkWhatsappNumber(platform: Platform, channel: ChannelRow, number: string): Promise<{ id: string } | null> {
  const live = liveSocketOf(channel.id, platform);
  if (!live) throw new Error('ERR_WAPP_NOT_INITIALIZED');
  const digits = number.replace(/\D/g, '');
  const found = await withTimeout(live.socket.onWhatsApp(phoneJid(digits)), 20_000, 'onWhatsApp');
  const hit = found?.find((r) => r.exists);
  if (!hit) return null;
  const jid = normalizeJid(hit.jid);
  live.jids.set(digits, jid);
  return { id: jid };
}

/** The message quoted by a reply, from what Prosa stored of it (WhatsApp needs its id and content). */
async function quotedOf(platform: Platform, channel: ChannelRow, jid: string, externalId: string): Promise<WAMessage> {
  const row = await withTenant(platform.db, channel.tenantId, (scope) =>
    scope.first(messages, and(eq(messages.channelId, channel.id), eq(messages.externalId, externalId))!),
  );
  return {
    key: { remoteJid: jid, id: externalId, fromMe: row?.fromMe ?? false },
    message: { conversation: row?.body || (row ? `[${row.mediaName ?? row.mediaType}]` : '') },
  };
}

export function contentFor(msg: OutboundMessage): { content: AnyMessageContent; followUp?: string } {
  const body = msg.body;
  if (!msg.media) return { content: { text: body, linkPreview: null } };
  const url = { url: msg.media.path };
  const mime = msg.media.mimeType.toLowerCase();
  const base = mime.split(';')[0]!.trim();
  const caption = body.length <= CAPTION_MAX ? body : '';
  const rest = caption || !body.trim() ? undefined : body;
  // No server-side thumbnails (they would need sharp or ffmpeg): an empty one is sent.
  if (msg.mediaType !== 'document' && /^image\/(jpeg|png)$/.test(base))
    return { content: { image: url, caption, mimetype: base, jpegThumbnail: '' }, followUp: rest };
  if (msg.mediaType !== 'document' && base === 'video/mp4')
    return { content: { video: url, caption, mimetype: base, jpegThumbnail: '' }, followUp: rest };
  if (msg.mediaType !== 'document' && /^audio\/(ogg|opus)/.test(base))
    return {
      content: { audio: url, ptt: true, mimetype: 'audio/ogg; codecs=opus' },
      followUp: body.trim() ? body : undefined,
    };
  if (msg.mediaType !== 'document' && base.startsWith('audio/'))
    return { content: { audio: url, mimetype: base }, followUp: body.trim() ? body : undefined };
  return {
    content: { document: url, mimetype: base || 'application/octet-stream', fileName: msg.media.fileName, caption },
    followUp: rest,
  };
}

export async function sendWhatsapp(
  platform: Platform,
  channel: ChannelRow,
  msg: OutboundMessage,
): Promise<{ externalId: string }> {
  const live = liveSocketOf(channel.id, platform);
  if (!live || live.tenantId !== channel.tenantId) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', true);
  if (!msg.media && !msg.body.trim()) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
  const jid = await recipientOf(live, msg.to);
  const { content, followUp } = contentFor(msg);
  const options: MiscMessageGenerationOptions = { messageId: waMessageIdOf(channel.id, msg.messageId) };
  if (msg.quotedExternalId) options.quoted = await quotedOf(platform, channel, jid, msg.quotedExternalId);
  let sent: WAMessage | undefined;
  try {
    sent = await withTimeout(live.socket.sendMessage(jid, content, options), SEND_TIMEOUT_MS, 'sendMessage');
  } catch (err) {
    throw failed(err);
  }
  const externalId = sent?.key?.id;
  if (!externalId) throw failed(new Error('the send answered no message id'));
  if (followUp) {
    // The file is sent: a failed text after it is logged, not retried (a retry would resend the file).
    await withTimeout(
      live.socket.sendMessage(
        jid,
        { text: followUp, linkPreview: null },
        { messageId: waMessageIdOf(channel.id, -msg.messageId) },
      ),
      SEND_TIMEOUT_MS,
      'sendMessage',
    ).catch((err: unknown) =>
      platform.log.warn({ err, channelId: channel.id }, 'whatsapp: the text after a file was not sent'),
    );
  }
  return { externalId };
}
