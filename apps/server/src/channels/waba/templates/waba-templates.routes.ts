import {
  ZId,
  ZIdParams,
  ZMessage,
  ZSendTemplate,
  ZWabaTemplate,
  ZWabaTemplatesQuery,
  ZWabaTemplateSync,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentMessage } from '../../../modules/messages/messages.presenter.js';
import { sendTemplate } from './send-template.js';
import { syncTemplates } from './sync-templates.js';
import { listTemplates, presentTemplate, wabaChannel } from './templates.queries.js';

const schema = { tags: ['whatsapp templates'], security: [{ bearer: [] }] };
const ZTicketParams = z.object({ ticketId: ZId });

/** WhatsApp Cloud API templates: listed for the company's users, synchronised by admins. */
export const wabaTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/channels/:id/templates',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listWabaTemplates',
        summary: 'List the message templates of a WhatsApp Cloud API channel',
        errors: ['ERR_NO_WAPP_FOUND', 'ERR_CHANNEL_NOT_SUPPORTED'],
        ...schema,
        params: ZIdParams,
        querystring: ZWabaTemplatesQuery,
        response: { 200: z.array(ZWabaTemplate) },
      },
    },
    async (req) => {
      const channel = await wabaChannel(req.scope, req.params.id);
      return (await listTemplates(req.scope, channel.id, req.query.all)).map(presentTemplate);
    },
  );

  app.post(
    '/channels/:id/templates/sync',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'syncWabaTemplates',
        summary: "Fetch the channel's templates from the Cloud API",
        errors: [
          'ERR_NO_WAPP_FOUND',
          'ERR_CHANNEL_NOT_SUPPORTED',
          'ERR_CHANNEL_TOKEN_INVALID',
          'ERR_PROVIDER_UNAVAILABLE',
          'ERR_WAPP_NOT_INITIALIZED',
        ],
        ...schema,
        params: ZIdParams,
        response: { 200: ZWabaTemplateSync },
      },
    },
    async (req) => syncTemplates(app.platform, req.scope, req.params.id),
  );

  // 201 with the recorded message; 200 with the stored one when the clientId was already used.
  app.post(
    '/messages/template/:ticketId',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'sendTemplateMessage',
        summary: 'Send a WhatsApp template message on a ticket',
        errors: [
          'ERR_NO_TICKET_FOUND',
          'ERR_NO_TEMPLATE_FOUND',
          'ERR_NO_PERMISSION',
          'ERR_CHANNEL_NOT_SUPPORTED',
          'ERR_CREATING_MESSAGE',
        ],
        ...schema,
        params: ZTicketParams,
        body: ZSendTemplate,
        response: { 200: ZMessage, 201: ZMessage },
      },
    },
    async (req, reply) => {
      const { message, created } = await sendTemplate(req.scope, req.auth, req.params.ticketId, req.body);
      return reply.status(created ? 201 : 200).send(presentMessage(message));
    },
  );
};
