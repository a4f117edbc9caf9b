/**
 * Voice calls (issue 17). Call lines are a calling provider's devices (Wavoip device tokens) a
 * company registers; users are given access to lines (user_call_lines, like user_channels). Call
 * intents are what the browser declares (placing or accepting a call on a line with a contact); the
 * call logs (SPEC §3 Call log) are written by the server from the provider's webhook only, and
 * take their user and ticket from the matching intent (modules/calls/commands/ingest-call-event.ts).
 */
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
import { CALL_DIRECTIONS } from '@prosa/contracts';
import { users } from './schema-accounts.js';
import { contacts } from './schema-contacts.js';
import { channels, tickets } from './schema-desk.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

export const callLines = pgTable(
  'call_lines',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /** The calling provider (one adapter per provider: channels/<provider>/). */
    provider: text('provider').notNull().default('wavoip'),
    /** The provider's device token: the browser opens the device socket with it. */
    token: text('token').notNull(),
    /** The messaging channel the line's number belongs to (the call log's channel). */
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    /** The unguessable part of the webhook URL (the provider signs nothing). */
    webhookSecret: text('webhook_secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('call_lines_tenant_idx').on(t.tenantId, t.name),
    // A device belongs to one company: its webhook names one line.
    uniqueIndex('call_lines_token_key').on(t.token),
    uniqueIndex('call_lines_webhook_secret_key').on(t.webhookSecret),
  ],
);

export const userCallLines = pgTable(
  'user_call_lines',
  {
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => callLines.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lineId] }),
    index('user_call_lines_tenant_line_idx').on(t.tenantId, t.lineId),
  ],
);

export const callIntents = pgTable(
  'call_intents',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    lineId: integer('line_id')
      .notNull()
      .references(() => callLines.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The contact's number, digits only: the webhook's peer is matched on it. */
    phone: text('phone').notNull(),
    direction: text('direction', { enum: CALL_DIRECTIONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('call_intents_line_phone_idx').on(t.tenantId, t.lineId, t.phone, t.createdAt)],
);

export const callLogs = pgTable(
  'call_logs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** The agent who took or made the call (null: nobody answered, or the user was removed). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    direction: text('direction', { enum: CALL_DIRECTIONS }).notNull(),
    /** answered, missed, rejected, failed, ended (CALL_STATUSES); text, as providers add their own. */
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds'),
    recordingId: text('recording_id'),
    /** The provider's id of the call: a webhook delivered twice is stored once. */
    providerCallId: text('provider_call_id'),
    /** The call line it went through (null once the line is deleted). */
    lineId: integer('line_id').references(() => callLines.id, { onDelete: 'set null' }),
    /** The peer's number, digits only. */
    phone: text('phone'),
    /** The provider's call type (Wavoip: HUMANIZED, ROBOTIC): the call info's tag. */
    tag: text('tag'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The provider's recording state (Wavoip: READY, RECORDING, MIXING, DISABLED, EMPTY_RECORDING). */
    recordStatus: text('record_status'),
    /** The provider's recording address: fetched by the server only, never sent to the browser. */
    recordingUrl: text('recording_url'),
    createdAt: createdAt(),
  },
  (t) => [
    // The ligacoes report's period read.
    index('call_logs_tenant_started_idx').on(t.tenantId, t.startedAt),
    index('call_logs_tenant_ticket_idx').on(t.tenantId, t.ticketId),
    index('call_logs_tenant_contact_idx').on(t.tenantId, t.contactId),
    uniqueIndex('call_logs_provider_key')
      .on(t.channelId, t.providerCallId)
      .where(sql`${t.providerCallId} is not null`),
    // A line without a channel keys its calls by the line (a webhook delivered twice, stored once).
    uniqueIndex('call_logs_line_call_key')
      .on(t.lineId, t.providerCallId)
      .where(sql`${t.providerCallId} is not null`),
  ],
);
