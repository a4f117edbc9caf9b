// SECURITY-CRITICAL: files of the internal chat, served only to the conversation's participants
// (the sender, the 1:1 recipient, or a current member of the group); to anyone else not found.
import { ZId } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { serveStoredFile } from '../messages/serve-stored-file.js';
import { getInternalMessage, getMemberGroup } from './internal-chat.queries.js';

export const internalMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chat-interno/media/:messageId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'getInternalChatMedia',
        binary: 'application/octet-stream',
        summary: 'Download the file of an internal message',
        errors: ['ERR_NOT_FOUND'],
        tags: ['internal-chat'],
        security: [{ bearer: [] }],
        params: z.object({ messageId: ZId }),
      },
    },
    async (req, reply) => {
      const me = req.auth.userId;
      const msg = await getInternalMessage(req.scope, req.params.messageId);
      if (msg.groupId !== null)
        await getMemberGroup(req.scope, me, msg.groupId).catch(() => Promise.reject(new AppError('ERR_NOT_FOUND')));
      else if (msg.senderId !== me && msg.recipientId !== me) throw new AppError('ERR_NOT_FOUND');
      return serveStoredFile(reply, req.scope.database, msg);
    },
  );
};
