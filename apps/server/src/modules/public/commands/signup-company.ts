// SECURITY-CRITICAL: public trial sign-up. Anyone may call it (rate limited on the route); it
// creates a company through createTenant, the one platform-level door that makes tenants.
import { todayIso, type Signup } from '@prosa/contracts';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { getPlan } from '../../admin/plans.queries.js';
import { readPlatformSettings, signupAllowed } from '../../admin/platform-settings.queries.js';
import { createTenant } from '../../tenants/commands/create-tenant.js';
import { resellerOfSignup } from '../../resellers/reseller-tokens.js';

const DAY_MS = 86_400_000;

/** A trial company on a public plan, due in `trialDays`, whose responsible person is its first admin. */
export async function signupCompany(platform: Platform, input: Signup, now = new Date()) {
  const settings = await readPlatformSettings(platform.db);
  if (!signupAllowed(settings)) throw new AppError('ERR_USER_CREATION_DISABLED');
  // A plan the operator has not made public is answered as unknown, not as forbidden.
  const plan = await getPlan(platform.db, input.planId);
  if (!plan.isPublic) throw new AppError('ERR_NO_PLAN_FOUND');
  // The reseller's setup token: required when the operator says so, checked whenever given.
  const resellerId = await resellerOfSignup(platform.db, settings, input.setupToken);
  const trialDays = Number.parseInt(settings.trialDays, 10);
  const dueDate = todayIso(new Date(now.getTime() + (Number.isFinite(trialDays) ? trialDays : 7) * DAY_MS));
  try {
    const { tenant } = await createTenant(platform, {
      name: input.name,
      phone: input.whatsapp,
      email: input.email,
      planId: plan.id,
      dueDate,
      recurrence: 'MENSAL',
      trial: true,
      resellerId,
      admin: { name: input.responsible, email: input.email, password: input.password },
    });
    return { tenantId: tenant.id };
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    throw e;
  }
}
