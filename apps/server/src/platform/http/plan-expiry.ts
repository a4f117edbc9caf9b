/**
 * The expired-plan rule of the server (SPEC §6; README "Billing"): a company is blocked from the
 * day after its due date plus the platform's grace days, on its own calendar (its time zone).
 * The auth hook and `GET /tenants/date/` both ask here, so the web app's guard follows the same rule.
 */
import { OPERATOR_TENANT_ID, planExpired } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { platformSettings } from '../db/schema.js';
import { unsafeSystemDb } from '../db/tenant-scope.js';

/** The grace days are read at most this often per instance (the operator changes them rarely). */
const GRACE_TTL_MS = 30_000;
const graceCache = new WeakMap<Database, { value: number; until: number }>();

/** The platform's grace days after a due date (the `graceDays` setting, 0 when unset). */
export async function graceDays(db: Database, now = Date.now()): Promise<number> {
  const hit = graceCache.get(db);
  if (hit && hit.until > now) return hit.value;
  const [row] = await unsafeSystemDb(db).select().from(platformSettings).where(eq(platformSettings.key, 'graceDays'));
  const n = Number.parseInt(row?.value ?? '0', 10);
  const value = Number.isFinite(n) && n > 0 ? n : 0;
  graceCache.set(db, { value, until: now + GRACE_TTL_MS });
  return value;
}

/** After the operator saves settings: this instance reads the grace days again at once. */
export function forgetGraceDays(db: Database): void {
  graceCache.delete(db);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (yyyy-MM-dd) in a time zone; UTC's for an unknown zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return now.toISOString().slice(0, 10);
    }
    formatters.set(timeZone, f);
  }
  return f.format(now);
}

/** Whether a company's plan is expired now (never the operator's own company). */
export function isPlanExpired(
  tenantId: number,
  dueDate: string | null,
  timeZone: string,
  grace: number,
  now = new Date(),
): boolean {
  return tenantId !== OPERATOR_TENANT_ID && planExpired(dueDate, grace, todayIn(timeZone, now));
}
