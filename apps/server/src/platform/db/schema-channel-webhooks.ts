/** Tenant-owned table of the outbound channel webhooks (modules/channel-webhooks). */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { apiConfigs } from './schema-api-configs.js';
import { channels } from './schema-desk.js';
import { integrations } from './schema-integrations.js';
import { createdAt, tenantId } from './schema-platform.js';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * One event of a channel POSTed to its webhook URL: recorded first, then delivered by a job with
 * retries and backoff; a sweeper re-enqueues pending rows whose job was lost, so nothing is lost
 * across restarts. The payload is the JSON body sent (signed when sent).
 */
export const channelWebhookDeliveries = pgTable(
  'channel_webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** A hook of an API configuration (hookMessage, hookMessageStatus): posted to its status URL. */
    apiConfigId: integer('api_config_id').references(() => apiConfigs.id, { onDelete: 'cascade' }),
    /** A customer message for an N8N/webhook integration: posted to its URL, with its key header. */
    integrationId: integer('integration_id').references(() => integrations.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The ticket of a ticket event and the status it reported: a status is reported once in a row. */
    ticketId: integer('ticket_id'),
    ticketStatus: text('ticket_status'),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    responseStatus: integer('response_status'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('channel_webhook_deliveries_channel_idx').on(t.tenantId, t.channelId, t.id),
    // The sweeper reads only the pending rows.
    index('channel_webhook_deliveries_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('channel_webhook_deliveries_ticket_idx')
      .on(t.tenantId, t.ticketId, t.id)
      .where(sql`${t.ticketStatus} is not null`),
  ],
);
