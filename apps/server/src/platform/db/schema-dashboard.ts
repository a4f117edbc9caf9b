/**
 * The dashboard's messages per ticket and local day (README "Dashboard"): counting 2,000,000
 * messages for a year took seconds, this table milliseconds. Kept exact by triggers (migration
 * 0034_dashboard_message_days.sql) in the transaction of the write: messages added, deleted or
 * moved, a ticket moved to another channel, queue or user (or made private), a company changing its
 * time zone. One row per ticket and day, so concurrent messages of different tickets never wait on
 * each other's row. Written only by those triggers; read only by dashboard.messages.ts.
 */
import { boolean, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tickets } from './schema-desk.js';
import { tenantId } from './schema-platform.js';

export const dashboardMessageDays = pgTable(
  'dashboard_message_days',
  {
    tenantId: tenantId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The local day of the messages, in the company's time zone (tenants.timezone). */
    day: date('day', { mode: 'string' }).notNull(),
    // The ticket's columns that the visibility rule reads, copied, by the same names as in
    // `tickets`: the desk's visibility SQL applies to this table unchanged, without a join.
    channelId: integer('channel_id'),
    queueId: integer('queue_id'),
    userId: integer('user_id'),
    isPrivate: boolean('is_private').notNull(),
    isGroup: boolean('is_group').notNull(),
    /** From the customer. */
    messagesIn: integer('messages_in').notNull().default(0),
    /** Everything sent: agents, bot and automatic texts. */
    messagesOut: integer('messages_out').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.day] }),
    // The dashboard's read: a company's days of a period.
    index('dashboard_message_days_tenant_day_idx').on(t.tenantId, t.day),
  ],
);
