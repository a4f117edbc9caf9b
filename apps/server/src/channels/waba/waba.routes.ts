// SECURITY-CRITICAL: the public webhook of the WhatsApp Cloud API channel. GET answers Meta's
// verification handshake only for the channel's verify token; POST is accepted only with a valid
// X-Hub-Signature-256 over the exact bytes received, keyed by that channel's app secret. A payload
// is stored (and enqueued) before the 200, and parsed later (HOUSE.md rule 8).
import { ZOk } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';
import { storeInbound } from '../../modules/messages/inbound/store-inbound.js';
import { answerHubHandshake, assertHubSigned, ZHubHandshake, ZWebhookKeyParams } from '../shared/hub-signature.js';
import { useRawJsonBody } from '../shared/raw-body.js';
import './waba.adapter.js'; // registers the adapter for the inbound and outbound jobs
import { wabaConfigOf } from './waba.graph.js';
import { changeValues } from './waba.parse.js';
import { wabaTemplatesRoutes } from './templates/waba-templates.routes.js';
import { wabaChannelByWebhookKey } from './waba.webhook-channel.js';

const tags = ['webhooks'];

/** Only this channel's phone number: changes of other numbers of the same app are dropped. */
function ownChanges(payload: unknown, phoneNumberId: string): unknown | null {
  const values = changeValues(payload, phoneNumberId);
  if (values.length === 0) return null;
  return {
    object: 'whatsapp_business_account',
    entry: [{ changes: values.map(({ field, value }) => ({ field, value })) }],
  };
}

const wabaWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;
  useRawJsonBody(app);

  app.get(
    '/webhooks/waba/:key',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'verifyWabaWebhook',
        binary: 'text/plain',
        summary: "Answer the Cloud API's webhook verification challenge",
        errors: ['ERR_WEBHOOK_SIGNATURE', 'ERR_NO_PERMISSION'],
        tags,
        params: ZWebhookKeyParams,
        querystring: ZHubHandshake,
      },
    },
    async (req, reply) => {
      const channel = await wabaChannelByWebhookKey(platform.db, req.params.key);
      const config = channel ? wabaConfigOf(channel) : null;
      return answerHubHandshake(reply, req.query, config?.verifyToken);
    },
  );

  app.post(
    '/webhooks/waba/:key',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'receiveWabaWebhook',
        summary: 'Receive a WhatsApp Cloud API notification (signed)',
        errors: ['ERR_WEBHOOK_SIGNATURE'],
        tags,
        params: ZWebhookKeyParams,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      const channel = await wabaChannelByWebhookKey(platform.db, req.params.key);
      const config = channel ? wabaConfigOf(channel) : null;
      assertHubSigned(req, config?.appSecret);
      if (!channel || !config) throw new AppError('ERR_WEBHOOK_SIGNATURE');
      const own = ownChanges(req.body, config.phoneNumberId);
      if (own) await storeInbound(platform, channel, own);
      return { ok: true as const };
    },
  );
};

export const wabaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(wabaWebhookRoutes);
  await app.register(wabaTemplatesRoutes);
};
