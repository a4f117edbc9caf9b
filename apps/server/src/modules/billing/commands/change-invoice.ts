// SECURITY-CRITICAL: the operator's changes to a company's invoice (routes `auth: 'operator'`),
// inside that company's scope; every change is logged with its reason.
import type { AdminInvoiceUpdate, Invoice } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { invoiceLogs, invoices } from '../../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { publish } from '../../../platform/realtime/publish.js';
import { getInvoice, presentInvoice } from '../invoices.queries.js';
import { payInvoice } from './pay-invoice.js';

/** The company an invoice belongs to (the operator names invoices by id alone). */
export async function invoiceTenant(db: Database, id: number): Promise<number> {
  const [row] = await unsafeSystemDb(db)
    .select({ tenantId: invoices.tenantId })
    .from(invoices)
    .where(eq(invoices.id, id));
  if (!row) throw new AppError('ERR_NO_INVOICE_FOUND');
  return row.tenantId;
}

/** A new due date or value (an unpaid invoice only), then the payment when asked. */
export async function changeInvoice(
  db: Database,
  id: number,
  change: AdminInvoiceUpdate,
  operatorUserId: number,
  today: string,
): Promise<Invoice> {
  const tenantId = await invoiceTenant(db, id);
  if (change.dueDate !== undefined || change.value !== undefined) {
    try {
      await withTenant(db, tenantId, (scope) =>
        scope.transaction(async (tx) => {
          const before = await getInvoice(tx, id, { forUpdate: true });
          if (before.status === 'paid') throw new AppError('ERR_INVOICE_PAID');
          const dueDate = change.dueDate ?? before.dueDate;
          const value = change.value ?? before.value;
          // A new due date decides again whether it is overdue.
          const status = dueDate < today ? 'overdue' : 'open';
          const [row] = await tx.update(
            invoices,
            { dueDate, value, status, updatedAt: new Date() },
            eq(invoices.id, id),
          );
          await tx.insert(invoiceLogs, {
            invoiceId: id,
            action: 'changed',
            userId: operatorUserId,
            reason: change.reason,
            before: { dueDate: before.dueDate, value: before.value, status: before.status },
            after: { dueDate, value, status },
          });
          publish(tx, { kind: 'admins' }, 'invoice', { action: 'update', invoice: presentInvoice(row!) });
        }),
      );
    } catch (e) {
      // Another invoice of the company already pays that due date.
      if (isUniqueViolation(e)) throw new AppError('ERR_INVOICE_EXISTS');
      throw e;
    }
  }
  if (change.status === 'paid') return payInvoice(db, tenantId, id, { userId: operatorUserId, paidBy: 'operator' });
  return withTenant(db, tenantId, async (scope) => presentInvoice(await getInvoice(scope, id)));
}

/** Deletes an unpaid invoice; the log keeps what it was. */
export async function deleteInvoice(db: Database, id: number, operatorUserId: number): Promise<void> {
  const tenantId = await invoiceTenant(db, id);
  await withTenant(db, tenantId, (scope) =>
    scope.transaction(async (tx) => {
      const before = await getInvoice(tx, id, { forUpdate: true });
      if (before.status === 'paid') throw new AppError('ERR_INVOICE_PAID');
      await tx.delete(invoices, eq(invoices.id, id));
      await tx.insert(invoiceLogs, {
        invoiceId: id,
        action: 'deleted',
        userId: operatorUserId,
        before: { ...presentInvoice(before) },
      });
      publish(tx, { kind: 'admins' }, 'invoice', { action: 'delete', invoiceId: id });
    }),
  );
}
