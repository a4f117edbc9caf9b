// SECURITY-CRITICAL: platform operator command (cross-tenant by nature): runs on `unsafeSystemDb`;
// only routes declared `auth: 'operator'` reach this.
import { isDueDateBeforeToday, type TenantUpdate } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { tenants } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { assertTenantExists, getTenantView } from '../admin.queries.js';
import { getPlan } from '../plans.queries.js';

/** Name, contact, plan, due date (SPEC §5: not before today) and recurrence. */
export async function updateCompany(db: Database, id: number, input: TenantUpdate) {
  await assertTenantExists(db, id);
  assertDueDateNotPast(input.dueDate);
  await getPlan(db, input.planId);
  await unsafeSystemDb(db)
    .update(tenants)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(tenants.id, id));
  // The company's sessions held in memory read the new status and due date now (change-feed.ts).
  db.changes.touch(id);
  return getTenantView(db, id);
}

/** A due date before today answers its own code; the field names the input for the form. */
export function assertDueDateNotPast(dueDate: string): void {
  if (isDueDateBeforeToday(dueDate)) throw new AppError('ERR_INVALID_DUE_DATE', { dueDate: 'validation.dueDateBeforeToday' });
}
