// SECURITY-CRITICAL: a cross-tenant job. It writes only invoices computed from each company's own
// plan and due date, in single statements whose unique index makes a second run (or instance) a no-op.
import { INVOICE_LEAD_DAYS, OPERATOR_TENANT_ID, RECURRENCE_MONTHS } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../platform/db/client.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';

const months = sql.raw(
  `case t.recurrence ${Object.entries(RECURRENCE_MONTHS)
    .map(([r, m]) => `when '${r}' then ${m}`)
    .join(' ')} else 1 end`,
);

/**
 * The invoice of each active company whose due date is at most INVOICE_LEAD_DAYS away (in its own
 * time zone), for that due date, from its plan's monthly value times the recurrence's months. The
 * unique (tenant_id, due_date) index keeps it to one per period, also with two instances at once.
 * Answers the invoices created.
 */
export async function generateInvoices(db: Database, now = new Date()): Promise<number> {
  const sys = unsafeSystemDb(db);
  const created = (await sys.execute(sql`
    with made as (
      insert into invoices (tenant_id, plan_id, plan_name, recurrence, value, due_date)
      select t.id, p.id, p.name, t.recurrence, p.value * ${months}, t.due_date
      from tenants t join plans p on p.id = t.plan_id
      where t.id <> ${OPERATOR_TENANT_ID} and t.status = 'active' and t.due_date is not null and p.value > 0
        and t.due_date <= ((${now.toISOString()}::timestamptz at time zone t.timezone)::date + ${INVOICE_LEAD_DAYS}::int)
      on conflict (tenant_id, due_date) do nothing
      returning id, tenant_id
    )
    insert into invoice_logs (tenant_id, invoice_id, action)
    select tenant_id, id, 'created' from made
    returning invoice_id`)) as unknown as { rows: unknown[] };
  return created.rows.length;
}

/** Open invoices whose due date has passed in their company's time zone become overdue. */
export async function markOverdueInvoices(db: Database, now = new Date()): Promise<number> {
  const sys = unsafeSystemDb(db);
  const changed = (await sys.execute(sql`
    with late as (
      update invoices i set status = 'overdue', updated_at = now()
      from tenants t
      where t.id = i.tenant_id and i.status = 'open'
        and i.due_date < (${now.toISOString()}::timestamptz at time zone t.timezone)::date
      returning i.id, i.tenant_id
    )
    insert into invoice_logs (tenant_id, invoice_id, action)
    select tenant_id, id, 'overdue' from late
    returning invoice_id`)) as unknown as { rows: unknown[] };
  return changed.rows.length;
}

export const invoicesJob = defineJob({
  id: 'billing.invoices',
  schema: z.object({}).loose(),
  // Hourly: a company's day starts at its own midnight.
  cron: '5 * * * *',
  retryLimit: 2,
  async handler(_data, { platform }) {
    await generateInvoices(platform.db);
    await markOverdueInvoices(platform.db);
  },
});
