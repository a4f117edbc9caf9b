// SECURITY-CRITICAL: platform operator command (cross-tenant by nature): deletes a whole company on
// `unsafeSystemDb`; only routes declared `auth: 'operator'` reach this.
import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { contactTags, tenants, tickets } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { cutTenantSockets } from '../../../platform/realtime/publish.js';
import { assertNotOperatorTenant } from '../admin.policy.js';

/**
 * Every tenant-owned table cascades from `tenants`; some also reference each other ON DELETE
 * RESTRICT (tickets -> contacts and queues, contact_tags -> tags). PostgreSQL and PGlite resolve
 * that within the one cascading DELETE (the routes test deletes a company holding all of them), but
 * the RESTRICT referrers are deleted first anyway, in the same transaction, so the outcome does not
 * hang on how the engine orders its RI triggers. A new table referenced with RESTRICT: add its
 * referrers here.
 */
export async function deleteCompany(db: Database, id: number): Promise<void> {
  assertNotOperatorTenant(id);
  await unsafeSystemDb(db).transaction(async (tx) => {
    const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id)).for('update');
    if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
    await tx.delete(tickets).where(eq(tickets.tenantId, id));
    await tx.delete(contactTags).where(eq(contactTags.tenantId, id));
    await tx.delete(tenants).where(eq(tenants.id, id));
  });
  cutTenantSockets(db, id);
}
