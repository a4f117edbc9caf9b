/** Tenant-owned table of the queue integrations (modules/integrations, SPEC §3 "Integration"). */
import { INTEGRATION_TYPES } from '@prosa/contracts';
import { doublePrecision, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { queues } from './schema-accounts.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

/**
 * One integration a queue (or a flow step) hands conversations to. The API key and the voice key
 * are kept sealed (platform/security/secret-box.ts) with their last 4 characters beside them for
 * the screen; `signingSecret` signs the N8N/webhook posts (X-Prosa-Signature), shown to the admin.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    type: text('type', { enum: INTEGRATION_TYPES }).notNull(),
    url: text('url').notNull().default(''),
    model: text('model'),
    prompt: text('prompt'),
    apiKeySealed: text('api_key_sealed'),
    apiKeyLast4: text('api_key_last4'),
    transferQueueId: integer('transfer_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    typebotSlug: text('typebot_slug'),
    expiresMinutes: integer('expires_minutes').notNull().default(0),
    delayMs: integer('delay_ms').notNull().default(0),
    finishKeyword: text('finish_keyword'),
    restartKeyword: text('restart_keyword'),
    unknownMessage: text('unknown_message'),
    maxTokens: integer('max_tokens').notNull().default(512),
    maxMessages: integer('max_messages').notNull().default(10),
    temperature: doublePrecision('temperature').notNull().default(0.7),
    responseFormat: text('response_format', { enum: ['text', 'json'] }).notNull().default('text'),
    voiceKeySealed: text('voice_key_sealed'),
    voiceKeyLast4: text('voice_key_last4'),
    signingSecret: text('signing_secret').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integrations_tenant_name_key').on(t.tenantId, t.name)],
);
