/** Tenant-owned tables of the API configurations and the external API (modules/api-configs). */
import { bigint, boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { channels, messages, tickets } from './schema-desk.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

/**
 * An API configuration (SPEC §3): the company's software sends through `channelId` with a bearer
 * token. Only the token's SHA-256 is kept (a 32-byte random token needs no slow hash: nobody can
 * guess its preimage) and its last 4 characters to tell it apart. `hookSecret` signs the hooks
 * POSTed to `statusUrl` (the receiver needs it, so it is kept as is, like a channel's webhook secret).
 */
export const apiConfigs = pgTable(
  'api_configs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenLast4: text('token_last4').notNull(),
    hookSecret: text('hook_secret').notNull(),
    statusUrl: text('status_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('api_configs_name_key').on(t.tenantId, t.name),
    uniqueIndex('api_configs_token_key').on(t.tokenHash),
    index('api_configs_channel_idx').on(t.tenantId, t.channelId),
  ],
);

/**
 * A message sent through the external API with its `externalKey`: the unique key makes a repeated
 * request answer the first message (sent once); hooks echo the key by the message id.
 */
export const apiMessages = pgTable(
  'api_messages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    apiConfigId: integer('api_config_id')
      .notNull()
      .references(() => apiConfigs.id, { onDelete: 'cascade' }),
    externalKey: text('external_key').notNull(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_messages_key').on(t.tenantId, t.apiConfigId, t.externalKey),
    index('api_messages_message_idx').on(t.tenantId, t.messageId),
  ],
);
