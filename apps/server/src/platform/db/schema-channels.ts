/** Tenant-owned tables of the channel adapters: the WhatsApp Cloud API's message templates. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { channels, messages } from './schema-desk.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

/** A template component as the Graph API lists it (HEADER, BODY, FOOTER, BUTTONS). */
export type WabaTemplateComponent = {
  type: string;
  format?: string;
  text?: string;
  buttons?: { type: string; text: string; [k: string]: unknown }[];
  [k: string]: unknown;
};

/** The templates of a WhatsApp Cloud API channel, synchronised from its business account. */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The template's id at Meta. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    /** Meta's language code, e.g. pt_BR. */
    language: text('language').notNull(),
    /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED... as Meta says. */
    status: text('status').notNull(),
    category: text('category').notNull().default(''),
    components: jsonb('components')
      .$type<WabaTemplateComponent[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_templates_channel_name_language_key').on(t.channelId, t.name, t.language),
    index('whatsapp_templates_tenant_channel_idx').on(t.tenantId, t.channelId),
  ],
);

/**
 * The template an outbound message is to be sent as: written with the message, read by the adapter
 * when the outbox sends it (the message row itself holds the rendered text).
 */
export const whatsappTemplateSends = pgTable(
  'whatsapp_template_sends',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => whatsappTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    /** The send request's components, parameters filled in. */
    components: jsonb('components')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('whatsapp_template_sends_message_key').on(t.tenantId, t.messageId)],
);
