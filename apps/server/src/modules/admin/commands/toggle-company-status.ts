// SECURITY-CRITICAL: platform operator command (cross-tenant by nature): runs on `unsafeSystemDb`;
// only routes declared `auth: 'operator'` reach this.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { tenants } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { cutTenantSockets } from '../../../platform/realtime/publish.js';
import { assertNotOperatorTenant } from '../admin.policy.js';
import { getTenantView } from '../admin.queries.js';

/**
 * active <-> inactive, in one UPDATE. An inactive company is shut out where every request is
 * checked: login and refresh refuse it, and the auth hook refuses its live tokens
 * (ERR_TENANT_INACTIVE); its sessions are kept so that reactivating restores them.
 */
export async function toggleCompanyStatus(db: Database, id: number) {
  assertNotOperatorTenant(id);
  const [row] = await unsafeSystemDb(db)
    .update(tenants)
    .set({
      status: sql<'active' | 'inactive'>`case when ${tenants.status} = 'active' then 'inactive' else 'active' end`,
      updatedAt: new Date(),
    })
    .where(eq(tenants.id, id))
    .returning({ id: tenants.id, status: tenants.status });
  if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
  // The company's sessions held in memory read the new status and due date now (change-feed.ts).
  db.changes.touch(id);
  // Its open sockets stop receiving events too; reconnecting is refused (ERR_TENANT_INACTIVE).
  if (row.status === 'inactive') cutTenantSockets(db, id);
  return getTenantView(db, id);
}
