/** Platform-owned tables (the operator's), and the column helpers every table file uses. */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BusinessHourDay } from '@prosa/contracts';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** `tenant_id NOT NULL`, deleted with its tenant: every tenant-owned table starts with it. */
export const tenantId = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  maxUsers: integer('max_users').notNull(),
  maxConnections: integer('max_connections').notNull(),
  value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  isPublic: boolean('is_public').notNull().default(true),
  group: boolean('group').notNull().default(true),
  campaign: boolean('campaign').notNull().default(true),
  integrations: boolean('integrations').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  status: text('status', { enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  planId: integer('plan_id').references(() => plans.id, { onDelete: 'restrict' }),
  dueDate: date('due_date', { mode: 'string' }),
  recurrence: text('recurrence', { enum: ['MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] })
    .notNull()
    .default('MENSAL'),
  responsibleUserId: integer('responsible_user_id'),
  timezone: text('timezone').notNull().default('America/Sao_Paulo'),
  /** Signed up on /signup and not yet paid: in trial until its first invoice is paid. */
  trial: boolean('trial').notNull().default(false),
  businessHours: jsonb('business_hours')
    .$type<BusinessHourDay[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  messageBusinessHours: text('message_business_hours').notNull().default(''),
  /** The reseller whose setup token it signed up with (SPEC §6 setup token); null otherwise. */
  resellerId: integer('reseller_id').references(() => resellers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Resellers (SPEC §6 setup token, §8 ERR_RESELLER_TOKEN_ONLY): the operator's, no tenant. */
export const resellers = pgTable('resellers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A reseller's setup tokens: what a company types (or follows a link with) on /signup. Only the
 * SHA-256 of the token is kept (it is shown once, when made); `hint` is its last 4 characters.
 * A revoked token stays listed and is refused.
 */
export const resellerTokens = pgTable(
  'reseller_tokens',
  {
    id: serial('id').primaryKey(),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('reseller_tokens_reseller_idx').on(t.resellerId)],
);

export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** Failed logins per (ip, email) window; kept in the database so every instance sees them. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Help articles (SPEC §2 /ajuda, §7 /helps): the operator's, shown to every company. A video is a
 * YouTube video (its id kept as written in `video`; the page embeds it from youtube-nocookie.com).
 */
export const helps = pgTable('helps', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  video: text('video').notNull().default(''),
  /** The order of the list (lower first, then title). */
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
