/** Tenant-owned tasks (SPEC §3 Task, §4 statuses): modules/tasks. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { TASK_PRIORITIES, TASK_STORED_STATUSES } from '@prosa/contracts';
import { users } from './schema-accounts.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    limitDate: timestamp('limit_date', { withTimezone: true }).notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who created it: it stays visible to them (null once that user is deleted). */
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    priority: text('priority', { enum: TASK_PRIORITIES }).notNull(),
    /** Only pending or finished: "delayed" is pending past limit_date, computed when read. */
    status: text('status', { enum: TASK_STORED_STATUSES }).notNull().default('pending'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * When the owner was told the task became delayed (jobs/notify-delayed-tasks): set by the one
     * UPDATE that claims the task, so the notice goes out once, also with several instances.
     * Cleared when the limit date moves, so a task delayed again is noticed again.
     */
    delayNotifiedAt: timestamp('delay_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list: own tasks by owner, the company's by status; both ordered by limit date.
    index('tasks_tenant_owner_idx').on(t.tenantId, t.ownerId, t.status, t.limitDate),
    index('tasks_tenant_creator_idx').on(t.tenantId, t.creatorId),
    index('tasks_tenant_status_idx').on(t.tenantId, t.status, t.limitDate),
    // The list's search (ILIKE on name or description) within a tenant's tasks.
    index('tasks_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('tasks_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    // The delayed-task sweeper reads only pending tasks not yet noticed.
    index('tasks_delay_due_idx')
      .on(t.limitDate)
      .where(sql`${t.status} = 'pending' and ${t.delayNotifiedAt} is null`),
  ],
);
