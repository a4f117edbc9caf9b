// SECURITY-CRITICAL: platform operator command (cross-tenant by nature): runs on `unsafeSystemDb`;
// only routes declared `auth: 'operator'` reach this.
import type { TenantUpdate } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { tenants } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { assertTenantExists, getTenantView } from '../admin.queries.js';
import { getPlan } from '../plans.queries.js';

/** Name, contact, plan, due date (not before today, checked by ZTenantUpdate) and recurrence. */
export async function updateCompany(db: Database, id: number, input: TenantUpdate) {
  await assertTenantExists(db, id);
  await getPlan(db, input.planId);
  await unsafeSystemDb(db)
    .update(tenants)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(tenants.id, id));
  return getTenantView(db, id);
}
