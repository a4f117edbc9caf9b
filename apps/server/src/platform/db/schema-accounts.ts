/** Tenant-owned accounts and configuration: users, queues, tags, settings, sessions. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { UserConfigs } from '@prosa/contracts';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile', { enum: ['user', 'admin', 'supervisorfila', 'supervisor'] }).notNull(),
    ignoreWallet: boolean('ignore_wallet').notNull().default(false),
    blockMultipleLogins: boolean('block_multiple_logins').notNull().default(false),
    /** SPEC §6: calls can be blocked per user. */
    callsBlocked: boolean('calls_blocked').notNull().default(false),
    configs: jsonb('configs')
      .$type<Partial<UserConfigs>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isOnline: boolean('is_online').notNull().default(false),
    /** Online but without input for a while (the web app sends setUserIdle); internal-chat presence. */
    isIdle: boolean('is_idle').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastOnlineAt: timestamp('last_online_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Login is by email across the platform, so an email belongs to one user only.
    uniqueIndex('users_email_key').on(t.email),
    index('users_tenant_idx').on(t.tenantId, t.name),
  ],
);

export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    active: boolean('active').notNull().default(true),
    /** The integration a ticket entering this queue is handed to (integrations.id; checked on delete). */
    integrationId: integer('integration_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('queues_tenant_name_key').on(t.tenantId, t.name)],
);

export const userQueues = pgTable(
  'user_queues',
  {
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.queueId] }),
    index('user_queues_tenant_queue_idx').on(t.tenantId, t.queueId),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tags_tenant_name_key').on(t.tenantId, t.name)],
);

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('settings_tenant_key').on(t.tenantId, t.key)],
);

/** Refresh-token sessions. The refresh secret is stored hashed and rotated on every use. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    previousHash: text('previous_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.tenantId, t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.tenantId, t.userId)],
);
