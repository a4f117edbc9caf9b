import { INVOICE_PAGE_SIZE, type Invoice, type InvoicePage } from '@prosa/contracts';
import { desc, eq } from 'drizzle-orm';
import { invoices } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export type InvoiceRow = typeof invoices.$inferSelect;

export const presentInvoice = (r: InvoiceRow): Invoice => ({
  id: r.id,
  tenantId: r.tenantId,
  planName: r.planName,
  recurrence: r.recurrence,
  value: r.value,
  dueDate: r.dueDate,
  status: r.status,
  paidAt: r.paidAt?.toISOString() ?? null,
  paidBy: r.paidBy,
  createdAt: r.createdAt.toISOString(),
});

/** The company's invoices, the latest due first, a page at a time. */
export async function listInvoices(
  scope: TenantScope,
  pageNumber: number,
  pageSize = INVOICE_PAGE_SIZE,
): Promise<Omit<InvoicePage, 'gateway'>> {
  const offset = (pageNumber - 1) * pageSize;
  const rows = await scope
    .select(invoices)
    .orderBy(desc(invoices.dueDate), desc(invoices.id))
    .limit(pageSize)
    .offset(offset);
  const count = await scope.count(invoices);
  return { invoices: rows.map(presentInvoice), count, hasMore: offset + rows.length < count };
}

/** One invoice of the scope's company, locked for a change when asked; else ERR_NO_INVOICE_FOUND. */
export async function getInvoice(
  scope: TenantScope,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<InvoiceRow> {
  const rows = await scope.query((db, owns) => {
    const q = db
      .select()
      .from(invoices)
      .where(owns(invoices, eq(invoices.id, id)))
      .limit(1);
    return opts.forUpdate ? q.for('update') : q;
  });
  if (!rows[0]) throw new AppError('ERR_NO_INVOICE_FOUND');
  return rows[0];
}
