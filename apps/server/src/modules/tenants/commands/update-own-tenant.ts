/**
 * SECURITY-CRITICAL: a company admin changes its own company's service settings.
 *
 * The tenants table is keyed by the scope's own id (it has no tenant_id column: its `id` is the
 * tenant), so the write is filtered by `scope.tenantId` from the verified token and by nothing
 * the request says. Only the service settings below can change here; name, plan, due date and
 * status belong to the platform operator.
 */
import { eq } from 'drizzle-orm';
import { tenants } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { publish } from '../../../platform/realtime/publish.js';
import { presentBusinessHours } from '../tenants.presenter.js';

export type OwnTenantPatch = Partial<
  Pick<typeof tenants.$inferInsert, 'businessHours' | 'messageBusinessHours' | 'timezone'>
>;

export async function updateOwnTenant(scope: TenantScope, patch: OwnTenantPatch) {
  const rows = await scope.query((db) =>
    db
      .update(tenants)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(tenants.id, scope.tenantId))
      .returning(),
  );
  const row = rows[0];
  if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
  const hours = presentBusinessHours(row);
  // Flows and the business-hours screen of every signed-in user of the company follow the change.
  publish(scope, { kind: 'tenant' }, 'businessHours', { action: 'update', ...hours });
  return hours;
}
