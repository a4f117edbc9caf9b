// SECURITY-CRITICAL: how every stored file leaves the server (message media, quick messages,
// internal chat, the web chat widget). Nothing is rendered by the browser as a page: HTML, SVG and
// anything not plainly media goes as an attachment, with nosniff and a sandboxing CSP. The caller
// has already decided that the requester may read the file.
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { storageOf } from '../../platform/storage/storage.js';
import { safeFileName } from './upload.js';

const INLINE = /^(image\/(png|jpeg|gif|webp|bmp|avif)|audio\/[\w.+-]+|video\/[\w.+-]+|application\/pdf)$/;

/** `attachment` or `inline` with an ASCII fallback name and the UTF-8 name (RFC 6266). */
export function contentDisposition(mime: string, name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"%;]/g, '_');
  const kind = INLINE.test(mime) ? 'inline' : 'attachment';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

export interface StoredFileRef {
  mediaKey: string | null;
  mimeType: string | null;
  mediaName?: string | null;
}

/**
 * Streams a stored file with the headers above; a missing key or file is ERR_NOT_FOUND.
 * `disposition` replaces the computed one (the widget always downloads), `cache` the default
 * five-minute private cache.
 */
export async function serveStoredFile(
  reply: FastifyReply,
  db: Database,
  ref: StoredFileRef,
  opts: { cache?: string; disposition?: string } = {},
) {
  if (!ref.mediaKey) throw new AppError('ERR_NOT_FOUND');
  const file = await storageOf(db)
    .read(ref.mediaKey)
    .catch(() => {
      throw new AppError('ERR_NOT_FOUND');
    });
  const mime = ref.mimeType ?? 'application/octet-stream';
  return reply
    .header('Content-Type', mime)
    .header('Content-Length', file.size)
    .header('Content-Disposition', opts.disposition ?? contentDisposition(mime, ref.mediaName ?? 'file'))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', opts.cache ?? 'private, max-age=300')
    .send(file.stream);
}
