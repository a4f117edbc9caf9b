/** Tenant-owned invoices and their log (SPEC §3 Invoice; DOMAIN.md "Billing"): modules/billing. */
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AVAILABLE_PAYMENT_GATEWAYS, INVOICE_STATUSES, RECURRENCES } from '@prosa/contracts';
import { users } from './schema-accounts.js';
import { createdAt, plans, tenantId, updatedAt } from './schema-platform.js';

/** What `gateway_charge` keeps: the charge's parts shown to the company, and the value it was made for. */
export interface StoredCharge {
  value: number;
  pixCopyPaste: string | null;
  pixQrBase64: string | null;
  checkoutUrl: string | null;
}

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    /** The plan and recurrence as they were when the invoice was generated. */
    planName: text('plan_name').notNull(),
    recurrence: text('recurrence', { enum: RECURRENCES }).notNull(),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The company's due date this invoice pays; one invoice per company and due date. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: text('paid_by'),
    /** The gateway charge this invoice is paid through now (modules/billing/gateways), if any. */
    gateway: text('gateway', { enum: AVAILABLE_PAYMENT_GATEWAYS }),
    gatewayChargeId: text('gateway_charge_id'),
    /** The charge as answered to the company (QR, copy-paste, checkout link), kept to answer it again. */
    gatewayCharge: jsonb('gateway_charge').$type<StoredCharge>(),
    gatewayChargeExpiresAt: timestamp('gateway_charge_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_tenant_due_key').on(t.tenantId, t.dueDate),
    // A gateway's webhook names its charge: one invoice per charge, found by this index.
    uniqueIndex('invoices_gateway_charge_key')
      .on(t.gateway, t.gatewayChargeId)
      .where(sql`${t.gatewayChargeId} is not null`),
    // The overdue sweep reads only open invoices.
    index('invoices_open_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** What happened to an invoice and why: generated, paid, changed by the operator, deleted. */
export const invoiceLogs = pgTable(
  'invoice_logs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** Kept after the invoice is deleted: the log says it was. */
    invoiceId: integer('invoice_id').notNull(),
    action: text('action', { enum: ['created', 'paid', 'changed', 'overdue', 'deleted'] }).notNull(),
    /** The operator who acted (null: a job or a gateway). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_logs_invoice_idx').on(t.tenantId, t.invoiceId, t.createdAt)],
);
