import { ZCommentReply, ZId, ZMessage, ZMetaPage, ZMetaPagesRequest } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentMessage } from '../../modules/messages/messages.presenter.js';
import { replyToComment } from './comments/reply-to-comment.js';
import './meta.adapter.js'; // registers the adapters for the inbound and outbound jobs
import { listManagedPages } from './meta-pages.js';
import { metaWebhookRoutes } from './meta.webhooks.js';

const ZMessageParams = z.object({ id: ZId });

/** Messenger and Instagram: webhooks, the page picker of /sessoes and replies to comments. */
export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;
  await app.register(metaWebhookRoutes);

  app.post(
    '/channels/meta/pages',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'listMetaPages',
        summary: 'List the Facebook pages a Meta user token manages',
        errors: ['ERR_CHANNEL_TOKEN_INVALID', 'ERR_PROVIDER_UNAVAILABLE'],
        tags: ['channels'],
        security: [{ bearer: [] }],
        body: ZMetaPagesRequest,
        response: { 200: z.array(ZMetaPage) },
      },
    },
    async (req) => listManagedPages(platform, req.body.userAccessToken),
  );

  app.post(
    '/hub-message/comentary/:id',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'replyToComment',
        summary: 'Reply to a Facebook or Instagram comment',
        errors: [
          'ERR_NOT_FOUND',
          'ERR_NO_TICKET_FOUND',
          'ERR_NO_PERMISSION',
          'ERR_CHANNEL_NOT_SUPPORTED',
          'ERR_SENDING_WAPP_MSG',
        ],
        tags: ['messages'],
        security: [{ bearer: [] }],
        params: ZMessageParams,
        body: ZCommentReply,
        response: { 201: ZMessage },
      },
    },
    async (req, reply) => {
      const { row, quoted } = await replyToComment(req.scope, req.auth, req.params.id, req.body.text);
      return reply.status(201).send(presentMessage(row, quoted));
    },
  );
};
