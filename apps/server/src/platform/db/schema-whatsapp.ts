/** Tenant-owned tables of the WhatsApp Web (Baileys) channel. */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { channels } from './schema-desk.js';
import { tenantId, updatedAt } from './schema-platform.js';

/**
 * The pairing of a WhatsApp Web channel (Baileys' auth state): `creds` plus the Signal keys
 * (`{type}-{id}`: pre-keys, sessions, sender keys, app-state keys, LID mappings). Values are JSON
 * with binary data as `{ type: 'Buffer', data: base64 }`. Deleted with the channel; cleared on
 * logout. These are secrets: they log in as the company's phone, so nothing presents them.
 */
export const whatsappAuthKeys = pgTable(
  'whatsapp_auth_keys',
  {
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_auth_keys_channel_key').on(t.channelId, t.key),
    index('whatsapp_auth_keys_tenant_channel_idx').on(t.tenantId, t.channelId),
  ],
);
