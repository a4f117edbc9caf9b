// SECURITY-CRITICAL: the platform operator's figures across every company (routes `auth:
// 'operator'` only): counts and sums, no company's data.
import { OPERATOR_TENANT_ID, type SaasDashboard } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { graceDays } from '../../platform/http/plan-expiry.js';

const n = (v: unknown) => Number(v ?? 0);

/** Months and days are the platform's in UTC; a company's overdue state is on its own calendar. */
export async function saasDashboard(db: Database, days: number, now = new Date()): Promise<SaasDashboard> {
  const sys = unsafeSystemDb(db);
  const grace = await graceDays(db);
  const at = now.toISOString();
  const rows = <T>(q: unknown) => (q as { rows: T[] }).rows;
  const [companies] = rows<Record<string, unknown>>(
    await sys.execute(sql`
      select
        count(*) filter (where t.status = 'active') as active,
        count(*) filter (where t.status = 'inactive') as inactive,
        count(*) filter (where t.status = 'active' and t.trial) as trial,
        count(*) filter (where t.status = 'active' and t.due_date is not null
          and t.due_date + ${grace}::int < (${at}::timestamptz at time zone t.timezone)::date) as overdue,
        coalesce(sum(p.value) filter (where t.status = 'active' and not t.trial), 0) as mrr
      from tenants t left join plans p on p.id = t.plan_id
      where t.id <> ${OPERATOR_TENANT_ID}`),
  );
  const [inv] = rows<Record<string, unknown>>(
    await sys.execute(sql`
      with month as (select date_trunc('month', ${at}::timestamptz at time zone 'UTC') as start)
      select
        count(*) filter (where i.status = 'paid' and i.paid_at at time zone 'UTC' >= month.start) as "paidCount",
        coalesce(sum(i.value) filter (where i.status = 'paid' and i.paid_at at time zone 'UTC' >= month.start), 0) as "paidValue",
        count(*) filter (where i.status <> 'paid' and i.due_date >= month.start::date
          and i.due_date < (month.start + interval '1 month')::date) as "openCount",
        coalesce(sum(i.value) filter (where i.status <> 'paid' and i.due_date >= month.start::date
          and i.due_date < (month.start + interval '1 month')::date), 0) as "openValue"
      from invoices i, month`),
  );
  const signups = rows<{ day: string; count: unknown }>(
    await sys.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, count(t.id) as count
      from generate_series((${at}::timestamptz at time zone 'UTC')::date - (${days}::int - 1), (${at}::timestamptz at time zone 'UTC')::date, interval '1 day') as d(day)
      left join tenants t on t.id <> ${OPERATOR_TENANT_ID} and (t.created_at at time zone 'UTC')::date = d.day
      group by d.day order by d.day`),
  );
  return {
    companies: { active: n(companies?.active), inactive: n(companies?.inactive), trial: n(companies?.trial), overdue: n(companies?.overdue) },
    mrr: n(companies?.mrr),
    invoices: { paidCount: n(inv?.paidCount), paidValue: n(inv?.paidValue), openCount: n(inv?.openCount), openValue: n(inv?.openValue) },
    signups: signups.map((r) => ({ day: r.day, count: n(r.count) })),
  };
}
