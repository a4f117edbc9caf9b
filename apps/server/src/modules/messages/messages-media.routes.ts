// SECURITY-CRITICAL: serving stored files. Only to users who may read the ticket's messages;
// another tenant's message is not found. Nothing is rendered by the browser as a page: HTML,
// SVG and anything not plainly media goes as an attachment, with nosniff and a sandboxing CSP.
import { ZId } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { storageOf } from '../../platform/storage/storage.js';
import { assertMayRead } from './messages.policy.js';
import { getMessage } from './messages.queries.js';
import { safeFileName } from './upload.js';

const INLINE = /^(image\/(png|jpeg|gif|webp|bmp|avif)|audio\/[\w.+-]+|video\/[\w.+-]+|application\/pdf)$/;

/** `attachment` or `inline` with an ASCII fallback name and the UTF-8 name (RFC 6266). */
export function contentDisposition(mime: string, name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"%;]/g, '_');
  const kind = INLINE.test(mime) ? 'inline' : 'attachment';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

export const messageMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:messageId',
    {
      config: { auth: 'user' },
      schema: { tags: ['messages'], security: [{ bearer: [] }], params: z.object({ messageId: ZId }) },
    },
    async (req, reply) => {
      const msg = await getMessage(req.scope, req.params.messageId);
      await assertMayRead(req.scope, req.auth, msg.ticketId);
      if (!msg.mediaKey || msg.isDeleted) throw new AppError('ERR_NOT_FOUND');
      const file = await storageOf(req.scope.database)
        .read(msg.mediaKey)
        .catch(() => {
          throw new AppError('ERR_NOT_FOUND');
        });
      const mime = msg.mimeType ?? 'application/octet-stream';
      return reply
        .header('Content-Type', mime)
        .header('Content-Length', file.size)
        .header('Content-Disposition', contentDisposition(mime, msg.mediaName ?? 'file'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=300')
        .send(file.stream);
    },
  );
};
