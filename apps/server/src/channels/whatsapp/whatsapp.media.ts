/**
 * Media of an inbound WhatsApp message, fetched when the stored payload is parsed (in the inbound
 * job, on whichever instance runs it). A WhatsApp media message carries its CDN address and the
 * key that decrypts it, so the download needs no socket: Baileys' downloadMediaMessage fetches and
 * decrypts. Only media the CDN no longer has (404/410) needs the phone to upload it again, which
 * goes through the live socket when this instance holds it.
 *
 * Why not download in the socket handler before storing the payload: it would hold up the socket's
 * event handling on large files, and the bytes would be written twice (staged, then by the shared
 * ingest). A failed download throws, so the job retries the payload (dedupe keeps what was stored);
 * media that can no longer be had is stored as a note, the message itself is not lost.
 */
import type { WAMessage } from 'baileys';
import type { Platform } from '../../platform/platform.js';
import { proxyFetchInit } from '../../platform/security/proxy.js';
import type { ChannelRow, InboundEvent } from '../../modules/channels/channel-adapter.js';
import type { WaContent } from './whatsapp.content.js';
import { baileys } from './whatsapp.jid.js';
import { liveSocketOf, withTimeout } from './whatsapp.socket.js';

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;

const DOWNLOAD_TIMEOUT_MS = 120_000;
/** The CDN no longer has the file, and no reupload could be had. */
const GONE = new Set([403, 404, 410]);

export class MediaDownloadError extends Error {
  constructor(detail: string) {
    super(`ERR_MEDIA_DOWNLOAD_FAILED: ${detail}`);
  }
}

const statusOf = (err: unknown): number | undefined => {
  const e = err as { output?: { statusCode?: number }; status?: number; statusCode?: number } | null;
  return e?.output?.statusCode ?? e?.status ?? e?.statusCode;
};

/** The bytes of the message's media; null when WhatsApp no longer has them (stored as a note). */
export async function downloadMedia(
  platform: Platform,
  channel: ChannelRow,
  message: WAMessage,
  ref: NonNullable<WaContent['media']>,
): Promise<MessageEvent['media'] | null> {
  const B = await baileys();
  const live = liveSocketOf(channel.id, platform);
  const logger = platform.log.child({ channelId: channel.id, module: 'baileys' });
  let data: Buffer;
  try {
    data = await withTimeout(
      B.downloadMediaMessage(
        message,
        'buffer',
        // Through the channel's proxy, like every connection of the channel (platform/security/proxy.ts).
        { options: proxyFetchInit(channel.proxy) },
        // Expired media is asked from the phone again; only the socket's owner can ask.
        live ? { logger, reuploadRequest: (m) => live.socket.updateMediaMessage(m) } : undefined,
      ),
      DOWNLOAD_TIMEOUT_MS,
      'media download',
    );
  } catch (err) {
    const status = statusOf(err);
    if (status !== undefined && (GONE.has(status) || status === 400)) {
      platform.log.warn({ err, channelId: channel.id, id: message.key.id }, 'whatsapp: media no longer available');
      return null;
    }
    throw new MediaDownloadError((err as Error).message);
  }
  return { data, mimeType: ref.mimeType, fileName: ref.fileName };
}
