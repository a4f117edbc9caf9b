/** Platform-owned tables (the operator's), and the column helpers every table file uses. */
import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
