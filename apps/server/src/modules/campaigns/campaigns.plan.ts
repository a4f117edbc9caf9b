import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { getOwnTenantWithPlan } from '../tenants/tenants.queries.js';

/** The company's plan switches campaigns on or off (SPEC §10, `plans.campaign`); no plan: on. */
export async function campaignsAllowed(scope: TenantScope): Promise<boolean> {
  const { plan } = await getOwnTenantWithPlan(scope);
  return plan === null || plan.campaign;
}

/** Every campaign route on a plan without them: ERR_PREMIUM_FEATURE (403). */
export async function assertCampaignsAllowed(scope: TenantScope): Promise<void> {
  if (!(await campaignsAllowed(scope))) throw new AppError('ERR_PREMIUM_FEATURE');
}
