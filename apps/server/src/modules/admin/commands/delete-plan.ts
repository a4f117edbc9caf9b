// SECURITY-CRITICAL: platform operator command: plans are platform-owned rows, deleted on
// `unsafeSystemDb`; only routes declared `auth: 'operator'` reach this.
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { isForeignKeyViolation } from '../../../platform/db/pg-errors.js';
import { plans, tenants } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { getPlan } from '../plans.queries.js';

/** A plan some company is on cannot be deleted (ERR_PLAN_IN_USE); move the companies first. */
export async function deletePlan(db: Database, id: number): Promise<void> {
  await getPlan(db, id);
  const sys = unsafeSystemDb(db);
  const [used] = await sys.select({ n: count() }).from(tenants).where(eq(tenants.planId, id));
  if (used?.n) throw new AppError('ERR_PLAN_IN_USE');
  try {
    // tenants.plan_id is ON DELETE RESTRICT: a company put on the plan since the check stops it here.
    await sys.delete(plans).where(eq(plans.id, id));
  } catch (e) {
    if (isForeignKeyViolation(e)) throw new AppError('ERR_PLAN_IN_USE');
    throw e;
  }
}
