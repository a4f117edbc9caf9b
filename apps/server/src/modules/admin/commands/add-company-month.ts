// SECURITY-CRITICAL: platform operator command (cross-tenant by nature): runs on `unsafeSystemDb`;
// only routes declared `auth: 'operator'` reach this.
import { todayIso } from '@prosa/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { tenants } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { getTenantView } from '../admin.queries.js';

/**
 * One more month: from the due date while it has not passed, else (none, or past) from today.
 * One UPDATE, so two clicks add two months and never read a stale date. PostgreSQL's month
 * arithmetic clamps to the month's end (31 Jan -> 28/29 Feb).
 */
export async function addCompanyMonth(db: Database, id: number) {
  const today = todayIso();
  const [row] = await unsafeSystemDb(db)
    .update(tenants)
    .set({
      dueDate: sql`(greatest(coalesce(${tenants.dueDate}, ${today}::date), ${today}::date) + interval '1 month')::date`,
      updatedAt: new Date(),
    })
    .where(eq(tenants.id, id))
    .returning({ id: tenants.id });
  if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
  // The company's sessions held in memory read the new status and due date now (change-feed.ts).
  db.changes.touch(id);
  return getTenantView(db, id);
}
