import { z } from 'zod';

/**
 * Outbound channel webhooks: every message and ticket status change of a channel with a webhook
 * URL is POSTed there as JSON, signed (`X-Prosa-Signature: sha256=<hex HMAC of the raw body>`
 * with the channel's webhook secret), with `X-Prosa-Event`, `X-Prosa-Delivery` and
 * `X-Prosa-Timestamp` (Unix seconds). Retried with backoff; each delivery is kept for the admin.
 */
export const CHANNEL_WEBHOOK_EVENTS = [
  'message.created',
  'message.updated',
  'message.deleted',
  'ticket.created',
  'ticket.status_changed',
  'ticket.deleted',
  'ping',
] as const;
export type ChannelWebhookEvent = (typeof CHANNEL_WEBHOOK_EVENTS)[number];

export const WEBHOOK_SIGNATURE_HEADER = 'x-prosa-signature';
export const WEBHOOK_EVENT_HEADER = 'x-prosa-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-prosa-delivery';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-prosa-timestamp';

/** One delivery as the admin sees it (GET /channels/:id/webhook-deliveries, newest first). */
export const ZChannelWebhookDelivery = z.object({
  id: z.number(),
  channelId: z.number(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type ChannelWebhookDelivery = z.infer<typeof ZChannelWebhookDelivery>;

/** Deliveries per page of GET /channels/:id/webhook-deliveries. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
export const ZChannelWebhookDeliveriesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
});
/** One page of a channel's deliveries, newest first; `hasMore` says an older page exists. */
export const ZChannelWebhookDeliveryList = z.object({
  deliveries: z.array(ZChannelWebhookDelivery),
  hasMore: z.boolean(),
});
export type ChannelWebhookDeliveryList = z.infer<typeof ZChannelWebhookDeliveryList>;
