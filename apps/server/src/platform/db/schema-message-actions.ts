/** Tenant-owned outbox of changes to messages that a provider must be told about. */
import { MESSAGE_ACTION_KINDS } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { messages } from './schema-desk.js';
import { createdAt, tenantId, updatedAt } from './schema-platform.js';

export const MESSAGE_ACTION_STATUSES = ['pending', 'done', 'failed'] as const;

/**
 * "Tell the provider the current reaction / text / deletion of this message": recorded in the
 * transaction that changes Prosa's copy, carried out by the messages.apply-action job (retries,
 * backoff), found again by its sweeper when the job was lost. One pending row per message and
 * kind: a new request while one is pending bumps its `version` instead of adding a row, and the
 * job always sends the message's state at that time, so the provider ends where Prosa is.
 */
export const messageActions = pgTable(
  'message_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_ACTION_KINDS }).notNull(),
    status: text('status', { enum: MESSAGE_ACTION_STATUSES }).notNull().default('pending'),
    /** Bumped by each new request while pending: a run that read an older state does not finish it. */
    version: integer('version').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Set while a run talks to the provider; another run waits until it is released or stale. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('message_actions_pending_key')
      .on(t.messageId, t.kind)
      .where(sql`${t.status} = 'pending'`),
    // The sweeper reads only the pending rows.
    index('message_actions_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    index('message_actions_message_idx').on(t.tenantId, t.messageId),
  ],
);
