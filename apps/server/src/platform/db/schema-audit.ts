/**
 * Tenant-owned audit trail (SPEC §6 "Audit mode for admins and supervisors"): who opened or deleted
 * which ticket. No foreign key to the ticket: a deleted ticket's row must outlive it, so it keeps
 * the ticket's id, protocol and contact name as they were.
 */
import { AUDIT_LOG_ACTIONS } from '@prosa/contracts';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.js';
import { createdAt, tenantId } from './schema-platform.js';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: AUDIT_LOG_ACTIONS }).notNull(),
    ticketId: integer('ticket_id').notNull(),
    protocol: text('protocol').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_logs_tenant_created_idx').on(t.tenantId, t.createdAt, t.id)],
);
