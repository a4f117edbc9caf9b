/**
 * Call logs (SPEC §3 Call log: user, contact, ticket, channel, direction, status, date, recording
 * id). Nothing writes them yet: the voice channel comes with a later issue. The table is here so
 * that the ligacoes report (modules/reports/ligacoes.report.ts) reads its final shape.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CALL_DIRECTIONS } from '@prosa/contracts';
import { users } from './schema-accounts.js';
import { contacts } from './schema-contacts.js';
import { channels, tickets } from './schema-desk.js';
import { createdAt, tenantId } from './schema-platform.js';

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
  ],
);
