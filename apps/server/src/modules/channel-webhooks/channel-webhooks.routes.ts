import {
  V,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  ZChannelWebhookDeliveriesQuery,
  ZChannelWebhookDelivery,
  ZChannelWebhookDeliveryList,
  ZIdParams,
  type ChannelWebhookDelivery,
} from '@prosa/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { channelWebhookDeliveries as d } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/app-error.js';
import { getChannel } from '../channels/channels.queries.js';
import { deliverWebhook } from './deliver-webhook.js';
import { recordDelivery } from './record-event.js';

const schema = { tags: ['channels'], security: [{ bearer: [] }] };
const admin = { auth: 'admin' } as const;

export function presentDelivery(row: typeof d.$inferSelect): ChannelWebhookDelivery {
  return {
    id: row.id,
    channelId: row.channelId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
  };
}

/** A channel's outbound webhook for its admins: what was sent and failed, and a test ping. */
export const channelWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { platform } = app;

  // Newest first, a page at a time; one row more than the page tells whether an older page exists.
  app.get(
    '/channels/:id/webhook-deliveries',
    {
      config: admin,
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: "List a channel webhook's recorded deliveries",
        errors: ['ERR_NO_WAPP_FOUND'],
        ...schema,
        params: ZIdParams,
        querystring: ZChannelWebhookDeliveriesQuery,
        response: { 200: ZChannelWebhookDeliveryList },
      },
    },
    async (req) => {
      const channel = await getChannel(req.scope, req.params.id);
      const rows = await req.scope
        .select(d, and(eq(d.channelId, channel.id), isNull(d.apiConfigId), isNull(d.integrationId)))
        .orderBy(desc(d.id))
        .limit(WEBHOOK_DELIVERIES_PAGE_SIZE + 1)
        .offset((req.query.pageNumber - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE);
      return {
        deliveries: rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE).map(presentDelivery),
        hasMore: rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE,
      };
    },
  );

  // A `ping` recorded and attempted at once; the answer says how it went (failures are retried).
  app.post(
    '/channels/:id/webhook-test',
    {
      config: admin,
      schema: {
        operationId: 'testChannelWebhook',
        summary: "Send a test delivery to a channel's webhook",
        errors: ['ERR_NO_WAPP_FOUND'],
        ...schema,
        params: ZIdParams,
        response: { 200: ZChannelWebhookDelivery },
      },
    },
    async (req) => {
      const channel = await getChannel(req.scope, req.params.id);
      if (!channel.webhookUrl) throw new AppError('ERR_VALIDATION', { webhookUrl: V.required });
      const hook = { id: channel.id, name: channel.name, type: channel.type };
      const id = (await recordDelivery(req.scope, hook, { event: 'ping', queue: false }))!;
      await deliverWebhook(platform, req.scope, id);
      return presentDelivery((await req.scope.first(d, eq(d.id, id)))!);
    },
  );
};
