/**
 * A file of an external API send given by URL: downloaded once, here, with the webhook's SSRF guard
 * (only http(s); private, loopback and link-local addresses refused at connect time unless
 * WEBHOOK_ALLOW_PRIVATE), no redirects, a 20 s timeout and the chat's 50 MB limit. The type is
 * then decided by the bytes, as for uploads (messages/upload.ts).
 */
import { LIMITS } from '@prosa/contracts';
import http from 'node:http';
import https from 'node:https';
import { AppError } from '../../../platform/http/app-error.js';
import { guardedLookup, isPrivateHost } from '../../../platform/security/private-address.js';
import { mediaTypeOf, safeFileName, sniff, type UploadedFile } from '../../messages/upload.js';

const TIMEOUT_MS = 20_000;

function download(url: URL, allowPrivate: boolean): Promise<Buffer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, allowPrivate ? {} : { lookup: guardedLookup }, (res) => {
      if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) {
        res.resume();
        return reject(new AppError('ERR_MEDIA_DOWNLOAD_FAILED'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > LIMITS.chatFilesTotal) {
          req.destroy();
          reject(new AppError('ERR_FILE_TOO_LARGE'));
        } else chunks.push(c);
      });
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', () => reject(new AppError('ERR_MEDIA_DOWNLOAD_FAILED')));
    });
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', () => reject(new AppError('ERR_MEDIA_DOWNLOAD_FAILED')));
  });
}

export async function mediaOf(
  media: { base64?: string | undefined; url?: string | undefined; fileName: string; mimeType: string },
  allowPrivate: boolean,
): Promise<UploadedFile> {
  let data: Buffer;
  if (media.base64 !== undefined) {
    const clean = media.base64.replace(/^data:[^,]*,/, '');
    if (!/^[A-Za-z0-9+/=_-]+$/.test(clean)) throw new AppError('ERR_VALIDATION', { 'media.base64': 'validation.invalidValue' });
    data = Buffer.from(clean, 'base64');
  } else {
    const url = new URL(media.url!);
    if (!/^https?:$/.test(url.protocol) || (!allowPrivate && isPrivateHost(url.hostname)))
      throw new AppError('ERR_VALIDATION', { 'media.url': 'validation.invalidValue' });
    data = await download(url, allowPrivate);
  }
  if (data.length === 0) throw new AppError('ERR_VALIDATION', { media: 'validation.required' });
  if (data.length > LIMITS.chatFilesTotal) throw new AppError('ERR_FILE_TOO_LARGE');
  const name = safeFileName(media.fileName);
  const mime = await sniff(data, media.mimeType, name);
  return { data, mime, name, mediaType: mediaTypeOf(mime) };
}
