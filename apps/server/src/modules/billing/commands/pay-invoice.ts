// SECURITY-CRITICAL: confirms a company's payment (the operator's routes, and gateways' verified
// webhooks). Runs inside that company's scope, one transaction, the invoice row locked.
import { RECURRENCE_MONTHS, type Invoice } from '@prosa/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { invoiceLogs, invoices, tenants } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-scope.js';
import { publish } from '../../../platform/realtime/publish.js';
import { getInvoice, presentInvoice } from '../invoices.queries.js';

/**
 * Marks an invoice paid and moves the company's due date to the invoice's due date plus its
 * recurrence (never back: a later due date stays), and ends a trial. Paying a paid invoice changes nothing, so a
 * confirmation or webhook delivered twice pays once.
 */
export async function payInvoice(
  db: Database,
  tenantId: number,
  invoiceId: number,
  by: { userId: number | null; paidBy: string },
  now = new Date(),
): Promise<Invoice> {
  const paid = await withTenant(db, tenantId, (scope) =>
    scope.transaction(async (tx) => {
      const invoice = await getInvoice(tx, invoiceId, { forUpdate: true });
      if (invoice.status === 'paid') return invoice;
      const [row] = await tx.update(
        invoices,
        { status: 'paid', paidAt: now, paidBy: by.paidBy, updatedAt: now },
        eq(invoices.id, invoice.id),
      );
      const months = RECURRENCE_MONTHS[invoice.recurrence];
      const next = sql`((${invoice.dueDate}::date + make_interval(months => ${months}))::date)`;
      await tx.query((d) =>
        d
          .update(tenants)
          .set({ dueDate: sql`greatest(coalesce(${tenants.dueDate}, ${next}), ${next})`, trial: false, updatedAt: now })
          .where(eq(tenants.id, tx.tenantId)),
      );
      await tx.insert(invoiceLogs, {
        invoiceId: invoice.id,
        action: 'paid',
        userId: by.userId,
        before: { status: invoice.status },
        after: { status: 'paid', paidBy: by.paidBy },
      });
      publish(tx, { kind: 'admins' }, 'invoice', { action: 'paid', invoice: presentInvoice(row!) });
      return row!;
    }),
  );
  // The company's sessions held in memory read the new due date now: the block lifts (change-feed.ts).
  db.changes.touch(tenantId);
  return presentInvoice(paid);
}
