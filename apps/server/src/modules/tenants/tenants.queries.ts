/**
 * SECURITY-CRITICAL: reads of the company's own row.
 *
 * `tenants` and `plans` are platform tables: `tenants` has no tenant_id column because its own
 * `id` IS the tenant. The tenant door cannot add its filter here, so every helper below keys the
 * table by `scope.tenantId` (from the verified token), never by an id from the request: a company
 * reads only its own row and its own plan.
 */
import { eq } from 'drizzle-orm';
import { channels, plans, tenants, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export type TenantRow = typeof tenants.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

/** The caller's own company. `forUpdate` locks the row until the transaction ends. */
export async function getOwnTenant(scope: TenantScope, opts: { forUpdate?: boolean } = {}): Promise<TenantRow> {
  const rows = await scope.query((db) => {
    const q = db.select().from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
    return opts.forUpdate ? q.for('update') : q;
  });
  if (!rows[0]) throw new AppError('ERR_NO_TENANT_FOUND');
  return rows[0];
}

/** The caller's own company with its plan (null when it has none). */
export async function getOwnTenantWithPlan(scope: TenantScope): Promise<{ tenant: TenantRow; plan: PlanRow | null }> {
  const rows = await scope.query((db) =>
    db
      .select({ tenant: tenants, plan: plans })
      .from(tenants)
      .leftJoin(plans, eq(plans.id, tenants.planId))
      .where(eq(tenants.id, scope.tenantId))
      .limit(1),
  );
  if (!rows[0]) throw new AppError('ERR_NO_TENANT_FOUND');
  return rows[0];
}

/** The plan and what the company uses of it (every channel counts as a connection). */
export async function ownPlanUsage(scope: TenantScope) {
  const { plan } = await getOwnTenantWithPlan(scope);
  return { plan, usage: { users: await scope.count(users), connections: await scope.count(channels) } };
}
