/** Tenant-owned agent texts: quick messages (/mensagens-rapidas) and farewell messages (/despedida), SPEC §3. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

/**
 * A quick message: typed as `/key` in the composer. Private ones belong to their owner; shared
 * ones (`showToAll`) are offered to every user of the company. The file is stored like message
 * media (platform/storage): only its key, type and name are kept here.
 */
export const quickMessages = pgTable(
  'quick_messages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    key: text('key').notNull(),
    message: text('message').notNull().default(''),
    showToAll: boolean('show_to_all').notNull().default(false),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaKey: text('media_key'),
    mimeType: text('mime_type'),
    mediaName: text('media_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One key per owner, and one per company among the shared ones ("/ola" must pick one text).
    uniqueIndex('quick_messages_owner_key').on(t.tenantId, t.userId, sql`lower(${t.key})`),
    uniqueIndex('quick_messages_shared_key')
      .on(t.tenantId, sql`lower(${t.key})`)
      .where(sql`${t.showToAll}`),
    index('quick_messages_tenant_idx').on(t.tenantId, t.showToAll),
  ],
);

/** A farewell text an agent may pick when closing a ticket; private to its owner unless `showForAll`. */
export const farewellMessages = pgTable(
  'farewell_messages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    showForAll: boolean('show_for_all').notNull().default(false),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('farewell_messages_tenant_idx').on(t.tenantId, t.userId)],
);
