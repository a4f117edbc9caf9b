import type { Profile, Recurrence } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { plans, tenants, users } from '../../../platform/db/schema.js';
import { TenantScope, unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { hashPassword } from '../../../platform/security/passwords.js';
import { DEFAULT_ABSENCE_MESSAGE, DEFAULT_BUSINESS_HOURS } from '../business-hours.js';

export interface NewTenant {
  name: string;
  phone: string;
  email: string;
  planId: number | null;
  dueDate: string | null;
  recurrence: Recurrence;
  /** A sign-up: in trial until its first invoice is paid. */
  trial?: boolean;
  /** A sign-up with a reseller's setup token: the reseller that brought it. */
  resellerId?: number | null;
  admin: { name: string; email: string; password: string; profile?: Profile };
}

/**
 * Creates a company with its first admin. Platform-level (the operator, sign-up, first start):
 * it creates the tenant, so it necessarily runs on the unscoped handle, then scopes the user.
 */
export async function createTenant(platform: Platform, input: NewTenant) {
  const db = unsafeSystemDb(platform.db);
  if (input.planId !== null) {
    const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, input.planId));
    if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  }
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.admin.email));
  if (taken) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
  const passwordHash = await hashPassword(input.admin.password);
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({
        name: input.name,
        phone: input.phone,
        email: input.email,
        planId: input.planId,
        dueDate: input.dueDate,
        recurrence: input.recurrence,
        trial: input.trial ?? false,
        resellerId: input.resellerId ?? null,
        businessHours: DEFAULT_BUSINESS_HOURS,
        messageBusinessHours: DEFAULT_ABSENCE_MESSAGE,
      })
      .returning();
    const scope = new TenantScope(tenant!.id, tx, platform.db, true);
    const admin = await scope.insert(users, {
      name: input.admin.name,
      email: input.admin.email,
      passwordHash,
      profile: input.admin.profile ?? 'admin',
    });
    const [updated] = await tx
      .update(tenants)
      .set({ responsibleUserId: admin.id })
      .where(eq(tenants.id, tenant!.id))
      .returning();
    return { tenant: updated!, admin };
  });
}
