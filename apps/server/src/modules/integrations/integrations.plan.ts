import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { getOwnTenantWithPlan } from '../tenants/tenants.queries.js';

/** The company's plan switches integrations on or off (DOMAIN.md "Billing"); no plan: on. */
export async function integrationsAllowed(scope: TenantScope): Promise<boolean> {
  const { plan } = await getOwnTenantWithPlan(scope);
  return plan === null || plan.integrations;
}

/** Creating or using an integration on a plan without them: ERR_PREMIUM_FEATURE. */
export async function assertIntegrationsAllowed(scope: TenantScope): Promise<void> {
  if (!(await integrationsAllowed(scope))) throw new AppError('ERR_PREMIUM_FEATURE');
}
