/**
 * The company's plan, enforced on the server (SPEC §6 "Plan flags gate campaigns, integrations and
 * groups", §8 "Premium-only feature", "user limit reached", "connection limit reached"). Every
 * place a flag or a limit applies calls one of these; nothing else reads the plan's flags.
 *
 * A company without a plan (the operator's own, or one the operator left without) has everything.
 */
import { channels, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { getOwnTenant, getOwnTenantWithPlan, type PlanRow } from './tenants.queries.js';

/** The plan's on/off features (`plans.group`, `plans.campaign`, `plans.integrations`). */
export type PlanFeature = 'group' | 'campaign' | 'integrations';
/** The plan's counted limits: users, and connections (every channel counts as one). */
export type PlanLimit = 'users' | 'connections';

/** What each feature of a plan is, all on without a plan. */
export function featuresOf(plan: PlanRow | null): Record<PlanFeature, boolean> {
  return {
    group: plan === null || plan.group,
    campaign: plan === null || plan.campaign,
    integrations: plan === null || plan.integrations,
  };
}

export async function planAllows(scope: TenantScope, feature: PlanFeature): Promise<boolean> {
  const { plan } = await getOwnTenantWithPlan(scope);
  return featuresOf(plan)[feature];
}

/** A route or command of a feature the plan lacks: ERR_PREMIUM_FEATURE (403), nothing changes. */
export async function requirePlanFeature(scope: TenantScope, feature: PlanFeature): Promise<void> {
  if (!(await planAllows(scope, feature))) throw new AppError('ERR_PREMIUM_FEATURE');
}

const LIMITS = {
  users: { table: users, max: (p: PlanRow) => p.maxUsers, error: 'ERR_USER_LIMIT_REACHED' },
  connections: { table: channels, max: (p: PlanRow) => p.maxConnections, error: 'ERR_CONNECTION_LIMIT_REACHED' },
} as const;

/**
 * Before adding one more user or connection, inside the transaction that adds it: locks the
 * company's row (so two additions at once cannot both pass the check) and answers the limit's
 * error when the company already has as many as its plan allows. Returns the count before.
 */
export async function requireRoomFor(tx: TenantScope, limit: PlanLimit): Promise<number> {
  await getOwnTenant(tx, { forUpdate: true });
  const { plan } = await getOwnTenantWithPlan(tx);
  const { table, max, error } = LIMITS[limit];
  const count = await tx.count(table);
  if (plan && count >= max(plan)) throw new AppError(error);
  return count;
}
