// SECURITY-CRITICAL: the public webhook of Telegram channels. An update is accepted only with the
// channel's secret in X-Telegram-Bot-Api-Secret-Token (set with setWebhook); it is stored (and
// enqueued) before the 200 and parsed later by the inbound job (HOUSE.md rule 8).
import { ZOk } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { storeInbound } from '../../modules/messages/inbound/store-inbound.js';
import './telegram.adapter.js'; // registers the adapter for the inbound and outbound jobs
import { telegramChannelByWebhookKey, validWebhookSecret } from './telegram.webhook-channel.js';

const tags = ['webhooks'];
const ZKeyParams = z.object({ key: z.string().max(200) });

const isUpdate = (body: unknown): body is { update_id: number } =>
  typeof body === 'object' && body !== null && Number.isSafeInteger((body as { update_id?: unknown }).update_id);

export const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;

  app.post(
    '/webhooks/telegram/:key',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'receiveTelegramWebhook',
        summary: 'Receive a Telegram update (signed by the secret token)',
        errors: ['ERR_WEBHOOK_SIGNATURE', 'ERR_NO_WAPP_FOUND'],
        tags,
        params: ZKeyParams,
        response: { 200: ZOk },
      },
    },
    async (req) => {
      const channel = await telegramChannelByWebhookKey(platform.db, req.params.key);
      if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
      if (!validWebhookSecret(channel, req.headers['x-telegram-bot-api-secret-token']))
        throw new AppError('ERR_WEBHOOK_SIGNATURE');
      // Anything but an Update is acknowledged and dropped: Telegram would resend it forever.
      if (isUpdate(req.body)) await storeInbound(platform, channel, req.body);
      return { ok: true as const };
    },
  );
};
