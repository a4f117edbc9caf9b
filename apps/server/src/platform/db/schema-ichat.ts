/** Tenant-owned teams and internal chat (SPEC §3 Team, DOMAIN.md "internal chat"). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('teams_tenant_name_key').on(t.tenantId, t.name)],
);

export const teamUsers = pgTable(
  'team_users',
  {
    tenantId: tenantId(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_users_tenant_user_idx').on(t.tenantId, t.userId)],
);

/** An internal-chat group; `teamId` when it was started from a team (its members were copied). */
export const chatGroups = pgTable(
  'chat_groups',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chat_groups_tenant_idx').on(t.tenantId, t.name)],
);

/** Membership; `lastReadId` is the last group message the member has read (unread = newer ones). */
export const chatGroupUsers = pgTable(
  'chat_group_users',
  {
    tenantId: tenantId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('chat_group_users_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);

/**
 * A message between users: to one user (`recipientId`) or to a group (`groupId`), never both.
 * `readAt` is for 1:1 messages; group reads live on the membership.
 */
export const internalMessages = pgTable(
  'internal_messages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => chatGroups.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    mediaType: text('media_type').notNull().default('chat'),
    mediaKey: text('media_key'),
    mediaName: text('media_name'),
    mimeType: text('mime_type'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A 1:1 conversation is read newest first, in pages, from either side.
    index('internal_messages_pair_idx').on(t.tenantId, t.senderId, t.recipientId, t.id),
    index('internal_messages_group_idx').on(t.tenantId, t.groupId, t.id),
    // Unread counts read only the unread 1:1 messages of a recipient.
    index('internal_messages_unread_idx')
      .on(t.tenantId, t.recipientId, t.senderId)
      .where(sql`${t.readAt} is null and ${t.recipientId} is not null`),
  ],
);
