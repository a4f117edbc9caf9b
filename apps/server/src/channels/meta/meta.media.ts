/**
 * Files of the Messenger and Instagram channels. Inbound: an attachment's `payload.url` is a signed
 * CDN link, fetched without any token (the page token only ever goes to the Graph API) and through
 * the channel's proxy when it has one (platform/security/proxy.ts), like its Graph API calls. Outbound:
 * the stored file is uploaded with POST /{page-id}/message_attachments (multipart: message, filedata;
 * `platform=instagram` for Instagram) and sent by the answered attachment_id.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@prosa/contracts';
import type { Platform } from '../../platform/platform.js';
import { GraphError, graphJson, isGraphOrigin, MEDIA_TIMEOUT_MS, type GraphAuth } from '../shared/graph-api.js';
import { proxyFetchInit } from '../../platform/security/proxy.js';
import type { MetaConfig } from './meta.config.js';

/** A download that failed; `permanent` ones (gone, refused, too large) are not worth a retry. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Meta's CDN is https; the configured Graph origin is allowed too (the local stand-in). */
function allowed(platform: Platform, url: string): boolean {
  return url.startsWith('https://') || isGraphOrigin(platform, url);
}

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'application/pdf': 'pdf',
};

/** The file name in the CDN link (`…/12345_n.jpg?…`), else one made from the type. */
export function fileNameOf(url: string, mimeType: string, fallback: string): string {
  let base = '';
  try {
    base = decodeURIComponent(path.posix.basename(new URL(url).pathname));
  } catch {
    /* not a URL we can read a name from */
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  base = base.replace(/[\u0000-\u001f\u007f"<>|:*?\\/]/g, '').slice(0, 120);
  if (/\.[A-Za-z0-9]{2,5}$/.test(base)) return base;
  const ext = EXT[mimeType.split(';')[0]!.trim()] ?? 'bin';
  return `${fallback}.${ext}`;
}

/** The attachment at a CDN link, fetched through the channel's proxy (direct without one). */
export async function downloadAttachment(
  platform: Platform,
  channel: { proxy?: string | null },
  url: string,
  maxBytes = LIMITS.messageInput,
): Promise<{ data: Buffer; mimeType: string }> {
  if (!allowed(platform, url)) throw new DownloadError('attachment url refused', true);
  let res: Response;
  try {
    res = await fetch(url, {
      ...proxyFetchInit(channel.proxy),
      signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
      redirect: 'follow',
    });
  } catch (err) {
    throw new DownloadError(`network: ${(err as Error).message}`, false);
  }
  if (!allowed(platform, res.url || url)) throw new DownloadError('attachment redirect refused', true);
  if (!res.ok) throw new DownloadError(`HTTP ${res.status}`, res.status >= 400 && res.status < 500 && res.status !== 429);
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) throw new DownloadError('attachment too large', true);
  const data = Buffer.from(await res.arrayBuffer());
  if (data.length > maxBytes) throw new DownloadError('attachment too large', true);
  return { data, mimeType: res.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream' };
}

export type MetaAttachmentType = 'image' | 'video' | 'audio' | 'file';

/** What Messenger and Instagram play inline; anything else is sent as a file. */
export function attachmentTypeOf(mimeType: string): MetaAttachmentType {
  const mime = mimeType.split(';')[0]!.trim().toLowerCase();
  if (/^image\/(jpeg|png|gif)$/.test(mime)) return 'image';
  if (/^video\/(mp4|ogg|quicktime|webm|x-msvideo)$/.test(mime)) return 'video';
  if (/^audio\/(aac|mp4|x-m4a|mpeg|wav|x-wav|ogg)$/.test(mime)) return 'audio';
  return 'file';
}

/** Uploads a stored file for sending; answers the attachment id. */
export async function uploadAttachment(
  platform: Platform,
  token: GraphAuth,
  config: MetaConfig,
  type: MetaAttachmentType,
  file: { path: string; mimeType: string; fileName: string },
): Promise<string> {
  const bytes = await readFile(file.path);
  const mime = file.mimeType.split(';')[0]!.trim() || 'application/octet-stream';
  const form = new FormData();
  if (config.type === 'instagram') form.set('platform', 'instagram');
  form.set('message', JSON.stringify({ attachment: { type, payload: { is_reusable: true } } }));
  form.set('filedata', new Blob([new Uint8Array(bytes)], { type: mime }), file.fileName || 'file');
  const res = await graphJson<{ attachment_id?: string }>(
    platform,
    token,
    'POST',
    `/${config.pageId}/message_attachments`,
    form,
    MEDIA_TIMEOUT_MS,
  );
  if (!res.attachment_id) throw new GraphError(200, null, 'upload answered no attachment_id');
  return res.attachment_id;
}
