// SECURITY-CRITICAL: serving stored files. Only to users who may read the ticket's messages;
// another tenant's message is not found. Nothing is rendered by the browser as a page: HTML,
// SVG and anything not plainly media goes as an attachment, with nosniff and a sandboxing CSP.
import { ZId } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { assertMayRead } from './messages.policy.js';
import { getMessage } from './messages.queries.js';
import { serveStoredFile } from './serve-stored-file.js';

export { contentDisposition } from './serve-stored-file.js';

export const messageMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:messageId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getMessageMedia',
        binary: 'application/octet-stream',
        summary: 'Download the file of a message',
        errors: ['ERR_NOT_FOUND', 'ERR_NO_TICKET_FOUND', 'ERR_MEDIA_DOWNLOAD_FAILED', 'ERR_NO_PERMISSION'],
        tags: ['messages'],
        security: [{ bearer: [] }],
        params: z.object({ messageId: ZId }),
      },
    },
    async (req, reply) => {
      const msg = await getMessage(req.scope, req.params.messageId);
      await assertMayRead(req.scope, req.auth, msg.ticketId);
      if (!msg.mediaKey || msg.isDeleted) throw new AppError('ERR_NOT_FOUND');
      return serveStoredFile(reply, req.scope.database, msg);
    },
  );
};
