/**
 * The dashboard's messages per ticket and local day (README "Dashboard"): counting 2,000,000
 * messages for a year took seconds, this table milliseconds. Kept exact by triggers (migration
 * 0034_dashboard_message_days.sql) in the transaction of the write: messages added, deleted or
 * moved, a ticket moved to another channel, queue or user (or made private), a company changing its
 * time zone. One row per ticket and day, so concurrent messages of different tickets never wait on
 * each other's row. Written only by those triggers; read only by dashboard.messages.ts.
 */
import { bigint, bigserial, boolean, date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
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

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What each agent did on each ticket, as the first and last time of each kind of work
 * (estatisticas-atendimentos-usuarios, README "Reports"): took it (started, accepted, received by
 * transfer or from the bot, reopened to them), closed it, transferred it out. `user_id` 0 is the
 * ticket as a whole: taken by any agent, closed by anyone (the bot and the automatic close too),
 * transferred by anyone. A period's figures read one row per (ticket, agent) instead of grouping
 * the log: the work is in the period when its first or last time is, and only a row whose times
 * straddle the whole period asks the log. Kept by a trigger on ticket_logs (migration
 * 0040_ticket_agent_work.sql) in the transaction of the write; the log is never updated.
 */
export const ticketAgentWork = pgTable(
  'ticket_agent_work',
  {
    tenantId: tenantId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The agent (a user id kept after the user is deleted), or 0 for the ticket as a whole. */
    userId: integer('user_id').notNull(),
    /** The ticket's creation, copied: resolution is measured from it. */
    ticketCreatedAt: at('ticket_created_at').notNull(),
    /** The first and last work of any kind: a period reads the rows whose span meets it. */
    firstAt: at('first_at').notNull(),
    lastAt: at('last_at').notNull(),
    takenFirst: at('taken_first'),
    takenLast: at('taken_last'),
    closedFirst: at('closed_first'),
    closedLast: at('closed_last'),
    transferFirst: at('transfer_first'),
    transferLast: at('transfer_last'),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.userId] }),
    index('ticket_agent_work_tenant_last_idx').on(t.tenantId, t.lastAt),
  ],
);

/**
 * The instants whose local days a ticket's change touched (README "Dashboard", the year's cache):
 * its creation and close before and after, one row per change of a column the dashboard's ticket
 * figures or their visibility rule read, written by a trigger on `tickets` (migration
 * 0042_dashboard_ticket_changes.sql) in the writer's transaction. Append-only, so no two writers
 * wait on each other; `xid` is the writing transaction, so a reader that saw a snapshot can ask for
 * every change that snapshot might not have seen. Read by finished-days.ts; rows older
 * than a day are deleted by the dashboard.prune-changes job.
 */
export const dashboardTicketChanges = pgTable(
  'dashboard_ticket_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: a company's deletion deletes its tickets, whose trigger writes here after the
    // company's row is gone. Rows go by age (dashboard.prune-changes).
    tenantId: integer('tenant_id').notNull(),
    /** pg_current_xact_id() of the writing transaction, as a number. */
    xid: bigint('xid', { mode: 'number' }).notNull(),
    instants: timestamp('instants', { withTimezone: true }).array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dashboard_ticket_changes_tenant_xid_idx').on(t.tenantId, t.xid),
    index('dashboard_ticket_changes_created_idx').on(t.createdAt),
  ],
);
