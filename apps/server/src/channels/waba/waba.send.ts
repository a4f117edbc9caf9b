/**
 * Sending through the WhatsApp Cloud API: POST /{phone-number-id}/messages with
 * messaging_product "whatsapp". Graph errors are sorted into retryable (rate limits, temporary
 * failures, 5xx, network) and final ones with the code Prosa shows (SPEC §8).
 */
import { stat } from 'node:fs/promises';
import type { WabaConfig } from '@prosa/contracts';
import type { Platform } from '../../platform/platform.js';
import {
  ChannelSendError,
  type ChannelRow,
  type MessageActionTarget,
  type OutboundInteractive,
  type OutboundMessage,
} from '../../modules/channels/channel-adapter.js';
import { GraphError, graphJson, wabaConfigOf } from './waba.graph.js';
import { uploadMedia } from './waba.media.js';
import { headerMediaComponent } from './templates/template-render.js';
import { templateMediaId } from './templates/template-media.js';

/** Throttling (4, 80007, 130429, 131056), temporary (1, 2, 131000, 131016, 133004). */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);
/** More than 24 hours since the customer's last message (re-engagement). */
const WINDOW_CLOSED = 131047;
/** The recipient is not a WhatsApp user / not allowed, or the number is an invalid parameter. */
const INVALID_CONTACT = new Set([100, 131026, 131030]);

export function sendErrorOf(err: unknown): ChannelSendError {
  if (err instanceof ChannelSendError) return err;
  if (!(err instanceof GraphError)) return new ChannelSendError(`ERR_SENDING_WAPP_MSG: ${(err as Error).message}`, true);
  const detail = `HTTP ${err.httpStatus}${err.code !== null ? ` #${err.code}` : ''} ${err.message}`.slice(0, 300);
  if (err.code === WINDOW_CLOSED) return new ChannelSendError('ERR_WINDOW_CLOSED', false);
  if (err.httpStatus === 0 || err.httpStatus === 429 || err.httpStatus >= 500 || (err.code !== null && RETRYABLE_CODES.has(err.code)))
    return new ChannelSendError(`ERR_SENDING_WAPP_MSG: ${detail}`, true);
  if (err.code !== null && INVALID_CONTACT.has(err.code)) return new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
  return new ChannelSendError(`ERR_SENDING_WAPP_MSG: ${detail}`, false);
}

type WaMediaType = 'image' | 'video' | 'audio' | 'document' | 'sticker';

const MB = 1024 * 1024;
/** What WhatsApp accepts for each media type (anything else goes as a document). */
const ACCEPTS: Record<Exclude<WaMediaType, 'document'>, { mimes: string[]; maxBytes: number }> = {
  image: { mimes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  video: { mimes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB },
  audio: { mimes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'], maxBytes: 16 * MB },
  sticker: { mimes: ['image/webp'], maxBytes: 500 * 1024 },
};

export function waMediaTypeOf(mediaType: string, mimeType: string, size: number): WaMediaType {
  const mime = mimeType.split(';')[0]!.trim().toLowerCase();
  const fits = (t: Exclude<WaMediaType, 'document'>) => ACCEPTS[t].mimes.includes(mime) && size <= ACCEPTS[t].maxBytes;
  if (mime === 'image/webp') return fits('sticker') ? 'sticker' : 'document';
  const wanted = (['image', 'video', 'audio'] as const).find((t) => mime.startsWith(`${t}/`)) ?? 'document';
  if (mediaType === 'document' || wanted === 'document') return 'document';
  return fits(wanted) ? wanted : 'document';
}

const cut = (s: string, n: number) => s.slice(0, n);

/** What WhatsApp and Telegram play as a voice note: OGG/Opus (as the browser composer records it). */
export const isVoiceNoteMime = (mimeType: string) => /^audio\/(ogg|opus)\b/i.test(mimeType.trim());

/** WhatsApp's limits: 3 buttons of 20 characters, 10 list rows of 24 (description 72). */
export function interactiveOf(body: string, i: OutboundInteractive): Record<string, unknown> {
  const common = {
    ...(i.header ? { header: { type: 'text', text: cut(i.header, 60) } } : {}),
    body: { text: cut(i.body || body || ' ', 1024) },
    ...(i.footer ? { footer: { text: cut(i.footer, 60) } } : {}),
  };
  if (i.type === 'buttons')
    return {
      type: 'button',
      ...common,
      action: {
        buttons: i.buttons.slice(0, 3).map((b) => ({ type: 'reply', reply: { id: cut(b.id, 256), title: cut(b.title, 20) } })),
      },
    };
  return {
    type: 'list',
    ...common,
    action: {
      button: cut(i.button, 20),
      sections: i.sections.slice(0, 10).map((s) => ({
        ...(s.title ? { title: cut(s.title, 24) } : {}),
        rows: s.rows.slice(0, 10).map((r) => ({
          id: cut(r.id, 200),
          title: cut(r.title, 24),
          ...(r.description ? { description: cut(r.description, 72) } : {}),
        })),
      })),
    },
  };
}

interface SendAnswer {
  messages?: { id?: string; message_status?: string }[];
}

async function post(platform: Platform, channel: ChannelRow, config: WabaConfig, payload: Record<string, unknown>) {
  const res = await graphJson<SendAnswer>(platform, channel, 'POST', `/${config.phoneNumberId}/messages`, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    ...payload,
  });
  const id = res.messages?.[0]?.id;
  if (!id) throw new GraphError(200, null, 'the send answered no message id');
  return id;
}

/**
 * Our reaction to a message of the conversation (a `reaction` message naming its wamid); an empty
 * emoji removes it. The Cloud API has no edit or deletion of sent messages.
 */
export async function reactWaba(platform: Platform, channel: ChannelRow, target: MessageActionTarget, emoji: string): Promise<void> {
  const config = wabaConfigOf(channel);
  if (!config || !channel.token) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
  const to = target.to.number.replace(/\D/g, '');
  if (!to) throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
  try {
    await post(platform, channel, config, { to, type: 'reaction', reaction: { message_id: target.externalId, emoji } });
  } catch (err) {
    const mapped = sendErrorOf(err);
    platform.log.warn({ channelId: channel.id, messageId: target.messageId, reason: mapped.message }, 'waba reaction failed');
    throw mapped;
  }
}

export async function sendWaba(
  platform: Platform,
  channel: ChannelRow,
  msg: OutboundMessage,
): Promise<{ externalId: string }> {
  const config = wabaConfigOf(channel);
  if (!config || !channel.token) throw new ChannelSendError('ERR_WAPP_NOT_INITIALIZED', false);
  const to = msg.to.number.replace(/\D/g, '');
  if (!to) throw new ChannelSendError('ERR_WAPP_INVALID_CONTACT', false);
  const base: Record<string, unknown> = { to, ...(msg.quotedExternalId ? { context: { message_id: msg.quotedExternalId } } : {}) };
  try {
    if (msg.template) {
      const { name, language, headerFile } = msg.template;
      let { components } = msg.template;
      if (headerFile && msg.media) {
        const id = await templateMediaId(platform, channel, config, headerFile.key, msg.media);
        components = [headerMediaComponent(headerFile.format, { id }, msg.media.fileName), ...components];
      }
      return { externalId: await post(platform, channel, config, { ...base, type: 'template', template: { name, language: { code: language }, components } }) };
    }
    if (msg.interactive)
      return { externalId: await post(platform, channel, config, { ...base, type: 'interactive', interactive: interactiveOf(msg.body, msg.interactive) }) };
    if (msg.media) {
      const size = (await stat(msg.media.path)).size;
      const type = waMediaTypeOf(msg.mediaType, msg.media.mimeType, size);
      const mediaId = await uploadMedia(platform, channel, config, msg.media);
      const captioned = type === 'image' || type === 'video' || type === 'document';
      const media = {
        id: mediaId,
        // OGG/Opus (a recorded note): a voice message, with the voice icon, auto-download and transcript.
        ...(type === 'audio' && isVoiceNoteMime(msg.media.mimeType) ? { voice: true } : {}),
        ...(captioned && msg.body ? { caption: cut(msg.body, 1024) } : {}),
        ...(type === 'document' ? { filename: msg.media.fileName } : {}),
      };
      const externalId = await post(platform, channel, config, { ...base, type, [type]: media });
      // Audio and stickers take no caption: the text follows as its own message, best effort (the
      // file is sent; failing the whole message now would send the file again on retry).
      if (!captioned && msg.body.trim())
        await post(platform, channel, config, { to, type: 'text', text: { preview_url: false, body: msg.body } }).catch(
          (err: unknown) => platform.log.warn({ err, messageId: msg.messageId }, 'waba: caption after audio not sent'),
        );
      return { externalId };
    }
    return { externalId: await post(platform, channel, config, { ...base, type: 'text', text: { preview_url: false, body: msg.body } }) };
  } catch (err) {
    const mapped = sendErrorOf(err);
    platform.log.warn({ channelId: channel.id, messageId: msg.messageId, reason: mapped.message }, 'waba send failed');
    throw mapped;
  }
}
