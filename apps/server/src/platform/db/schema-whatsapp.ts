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

/**
 * The people a WhatsApp Web account knows (Baileys' contacts.upsert, contacts.update and the
 * contacts of a history sync), kept for POST /contacts/sync: Baileys keeps no store of its own.
 * One row per WhatsApp id (`jid`, a phone JID or a LID) of the channel; groups, broadcast lists and
 * newsletters are not kept. Empty strings are "not known". Cleared when the pairing is.
 */
export const whatsappContacts = pgTable(
  'whatsapp_contacts',
  {
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    jid: text('jid').notNull(),
    /** Phone digits. */
    number: text('number').notNull().default(''),
    /** The LID JID (`...@lid`). */
    lid: text('lid').notNull().default(''),
    /** The name saved in the phone's address book. */
    name: text('name').notNull().default(''),
    /** The name the person set for themselves (push name). */
    notify: text('notify').notNull().default(''),
    /** A business account's verified name. */
    verifiedName: text('verified_name').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_contacts_channel_jid').on(t.channelId, t.jid),
    index('whatsapp_contacts_tenant_channel_idx').on(t.tenantId, t.channelId),
  ],
);
