// Demo billing (issue 16): the platform's demo Pix key, and each demo company's open invoice for
// its next due date, so that /financeiro shows on first start how a company pays.
import { and, eq, inArray } from 'drizzle-orm';
import { RECURRENCE_MONTHS } from '@prosa/contracts';
import type { Platform } from '../platform/platform.js';
import { invoiceLogs, invoices, plans, platformSettings, tenants } from '../platform/db/schema.js';
import { unsafeSystemDb } from '../platform/db/tenant-scope.js';

const DEMO_PIX = { pixKey: 'financeiro@prosa.demo', pixName: 'Prosa Demo', pixCity: 'Sao Paulo' };

export async function ensureDemoBilling(platform: Platform, tenantIds: number[]): Promise<void> {
  const db = unsafeSystemDb(platform.db);
  const [key] = await db.select().from(platformSettings).where(eq(platformSettings.key, 'pixKey'));
  if (!key?.value)
    await db
      .insert(platformSettings)
      .values(Object.entries(DEMO_PIX).map(([k, value]) => ({ key: k, value })))
      .onConflictDoNothing();
  if (tenantIds.length === 0) return;
  const companies = await db
    .select({ id: tenants.id, dueDate: tenants.dueDate, recurrence: tenants.recurrence, plan: plans })
    .from(tenants)
    .innerJoin(plans, eq(plans.id, tenants.planId))
    .where(inArray(tenants.id, tenantIds));
  for (const c of companies) {
    if (!c.dueDate) continue;
    const [exists] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.tenantId, c.id), eq(invoices.dueDate, c.dueDate)));
    if (exists) continue;
    const [made] = await db
      .insert(invoices)
      .values({
        tenantId: c.id,
        planId: c.plan.id,
        planName: c.plan.name,
        recurrence: c.recurrence,
        value: Math.round(c.plan.value * RECURRENCE_MONTHS[c.recurrence] * 100) / 100,
        dueDate: c.dueDate,
      })
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    if (made) await db.insert(invoiceLogs).values({ tenantId: c.id, invoiceId: made.id, action: 'created' });
  }
}
