/**
 * Media of the WhatsApp Cloud API. Inbound: GET /{media-id} answers a short-lived URL, which is
 * fetched with the same Bearer token. Outbound: the stored file is uploaded with POST
 * /{phone-number-id}/media (multipart: messaging_product, type, file) and sent by its id.
 */
import { readFile } from 'node:fs/promises';
import { LIMITS, type WabaConfig } from '@prosa/contracts';
import type { Platform } from '../../platform/platform.js';
import { GraphError, graphBytes, graphJson, isGraphOrigin, MEDIA_TIMEOUT_MS, type GraphAuth } from './waba.graph.js';
import type { MediaRef } from './waba.parse.js';

interface MediaInfo {
  messaging_product?: string;
  url?: string;
  mime_type?: string;
  file_size?: number | string;
  id?: string;
}

/** Fails with ERR_MEDIA_DOWNLOAD_FAILED (the inbound job retries the whole payload). */
export async function downloadMedia(
  platform: Platform,
  token: GraphAuth,
  ref: MediaRef,
): Promise<{ data: Buffer; mimeType: string; fileName?: string }> {
  try {
    const info = await graphJson<MediaInfo>(platform, token, 'GET', `/${encodeURIComponent(ref.id)}`);
    if (!info.url) throw new GraphError(200, null, 'no media url');
    // The token may go to Meta's https media host or to the configured Graph origin, nowhere else.
    if (!info.url.startsWith('https://') && !isGraphOrigin(platform, info.url))
      throw new GraphError(200, null, 'media url refused');
    if (Number(info.file_size ?? 0) > LIMITS.messageInput) throw new GraphError(200, null, 'media too large');
    const { data } = await graphBytes(info.url, token, LIMITS.messageInput);
    const mimeType = (info.mime_type ?? ref.mimeType) || 'application/octet-stream';
    return { data, mimeType, ...(ref.fileName ? { fileName: ref.fileName } : { fileName: defaultName(ref.id, mimeType) }) };
  } catch (err) {
    throw new Error(`ERR_MEDIA_DOWNLOAD_FAILED: ${(err as Error).message}`.slice(0, 300));
  }
}

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};

/** WhatsApp sends no name for images, audio and video: one is made from the id and the type. */
function defaultName(id: string, mimeType: string): string {
  const base = mimeType.split(';')[0]!.trim();
  const ext = EXT[base] ?? base.split('/')[1]?.replace(/[^a-z0-9]/g, '').slice(0, 8) ?? 'bin';
  return `${id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 'media'}.${ext}`;
}

/** Uploads a stored file for sending; answers the media id. */
export async function uploadMedia(
  platform: Platform,
  token: GraphAuth,
  config: WabaConfig,
  file: { path: string; mimeType: string; fileName: string },
): Promise<string> {
  const bytes = await readFile(file.path);
  const mime = file.mimeType.split(';')[0]!.trim() || 'application/octet-stream';
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', mime);
  form.set('file', new Blob([bytes], { type: mime }), file.fileName || 'file');
  const res = await graphJson<{ id?: string }>(
    platform,
    token,
    'POST',
    `/${config.phoneNumberId}/media`,
    form,
    MEDIA_TIMEOUT_MS,
  );
  if (!res.id) throw new GraphError(200, null, 'upload answered no media id');
  return res.id;
}
