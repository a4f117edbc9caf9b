/**
 * Sending through the Send API (POST /{page-id}/messages, messaging_type RESPONSE, recipient the
 * PSID / IGSID) and answering comments (POST /{comment-id}/comments on Facebook, /{comment-id}/
 * replies on Instagram). Graph errors are sorted into retryable (rate limits, temporary failures,
 * 5xx, network) and final ones with the code Prosa shows (SPEC §8).
 */
import { stat } from 'node:fs/promises';
import { LIMITS } from '@prosa/contracts';
import type { Platform } from '../../platform/platform.js';
import { GraphError, graphJson } from '../shared/graph-api.js';
import { ChannelSendError, type ChannelRow, type OutboundMessage } from '../../modules/channels/channel-adapter.js';
import { metaConfigOf, type MetaConfig } from './meta.config.js';
import { attachmentTypeOf, uploadAttachment } from './meta.media.js';
import { PROSA_METADATA } from './meta.parse.js';

const MB = 1024 * 1024;
/** Largest file of one message: Instagram 8 MB (SPEC §9), Messenger 25 MB. */
export const MAX_FILE_BYTES = { messenger: 25 * MB, instagram: LIMITS.instagramFile } as const;

/** Unknown (1), temporary (2), throttling (4, 17, 32, 613, 80006), send failed, try again (1200). */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 32, 341, 613, 1200, 80006]);
/** Code 10 with these subcodes: outside the 24-hour window (Messenger, Instagram). */
const WINDOW_SUBCODES = new Set([2018278, 2534022]);
/** No matching user (Messenger 2018001, Instagram 2534014), or the person is unavailable (551). */
const INVALID_CONTACT_SUBCODES = new Set([2018001, 2018108, 2534014]);

export function sendErrorOf(err: unknown): ChannelSendError {
  if (err instanceof ChannelSendError) return err;
  if (!(err instanceof GraphError)) return new ChannelSendError(`ERR_SENDING_WAPP_MSG: ${(err as Error).message}`, true);
  const detail = `HTTP ${err.httpStatus}${err.code !== null ? ` #${err.code}` : ''}${err.subcode ? `/${err.subcode}` : ''} ${err.message}`.slice(0, 300);
  if (err.code === 10 && err.subcode !== null && WINDOW_SUBCODES.has(err.subcode)) return new ChannelSendError('ERR_WINDOW_CLOSED', false);
  if (err.httpStatus === 0 || err.httpStatus === 429 || err.httpStatus >= 500 || (err.code !== null && RETRYABLE_CODES.has(err.code)))
    return new ChannelSendError(`ERR_SENDING_WAPP_MSG: ${detail}`, true);
  if (err.code === 551 || (err.subcode !== null && INVALID_CONTACT_SUBCODES.has(err.subcode)))
    return new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
  if (err.code === 190) return new ChannelSendError('ERR_CHANNEL_TOKEN_INVALID', false);
  return new ChannelSendError(`ERR_SENDING_WAPP_MSG: ${detail}`, false);
}

interface SendAnswer {
  recipient_id?: string;
  message_id?: string;
}

/** Messenger echoes carry our metadata back, so the inbound path can drop them. */
async function post(platform: Platform, channel: ChannelRow, config: MetaConfig, to: string, message: Record<string, unknown>) {
  const res = await graphJson<SendAnswer>(platform, channel, 'POST', `/${config.pageId}/messages`, {
    recipient: { id: to },
    messaging_type: 'RESPONSE',
    message: config.type === 'messenger' ? { ...message, metadata: PROSA_METADATA } : message,
  });
  if (!res.message_id) throw new GraphError(200, null, 'the send answered no message_id');
  return res.message_id;
}

/** Messenger takes up to 2000 characters of text per message, Instagram 1000. */
const TEXT_MAX = { messenger: 2000, instagram: 1000 } as const;
const parts = (text: string, config: MetaConfig) => {
  const max = TEXT_MAX[config.type];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += max) out.push(text.slice(i, i + max));
  return out;
};

/** A public reply to the comment the message quotes (POST /hub-message/comentary/{id}). */
async function replyToComment(platform: Platform, channel: ChannelRow, config: MetaConfig, commentId: string, text: string) {
  const edge = config.type === 'instagram' ? 'replies' : 'comments';
  const res = await graphJson<{ id?: string }>(platform, channel, 'POST', `/${encodeURIComponent(commentId)}/${edge}`, { message: text });
  if (!res.id) throw new GraphError(200, null, 'the reply answered no id');
  return res.id;
}

async function sendFile(platform: Platform, channel: ChannelRow, config: MetaConfig, to: string, msg: OutboundMessage) {
  const file = msg.media!;
  const size = (await stat(file.path)).size;
  if (size > MAX_FILE_BYTES[config.type]) throw new ChannelSendError('ERR_FILE_TOO_LARGE', false);
  const type = attachmentTypeOf(file.mimeType);
  const attachmentId = await uploadAttachment(platform, channel, config, type, file);
  const id = await post(platform, channel, config, to, { attachment: { type, payload: { attachment_id: attachmentId } } });
  // An attachment takes no caption: the text follows as its own message, best effort (the file is
  // delivered; failing the whole message now would send the file again on retry).
  for (const part of parts(msg.body.trim(), config))
    await post(platform, channel, config, to, { text: part }).catch((err: unknown) =>
      platform.log.warn({ err, messageId: msg.messageId }, 'meta: text after a file not sent'),
    );
  return id;
}

export async function sendMeta(platform: Platform, channel: ChannelRow, msg: OutboundMessage): Promise<{ externalId: string }> {
  const config = metaConfigOf(channel);
  if (!config || !channel.token) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
  try {
    if (msg.mediaType === 'comment' && msg.quotedExternalId) {
      if (!msg.body.trim()) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
      return { externalId: await replyToComment(platform, channel, config, msg.quotedExternalId, msg.body) };
    }
    const to = msg.to.providerId ?? '';
    if (!/^\d{1,40}$/.test(to)) throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
    if (msg.media) return { externalId: await sendFile(platform, channel, config, to, msg) };
    if (!msg.body.trim()) throw new ChannelSendError('ERR_SENDING_WAPP_MSG', false);
    const [first, ...rest] = parts(msg.body, config);
    const externalId = await post(platform, channel, config, to, { text: first });
    for (const part of rest)
      await post(platform, channel, config, to, { text: part }).catch((err: unknown) =>
        platform.log.warn({ err, messageId: msg.messageId }, 'meta: a part of a long text not sent'),
      );
    return { externalId };
  } catch (err) {
    const mapped = sendErrorOf(err);
    platform.log.warn({ channelId: channel.id, messageId: msg.messageId, reason: mapped.message }, 'meta send failed');
    throw mapped;
  }
}
