// SECURITY-CRITICAL: creates the platform operator on first start.
import { randomBytes } from 'node:crypto';
import { OPERATOR_TENANT_ID } from '@prosa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { tenants, users } from '../platform/db/schema.js';
import { TenantScope, unsafeSystemDb } from '../platform/db/tenant-scope.js';
import type { Platform } from '../platform/platform.js';
import { hashPassword } from '../platform/security/passwords.js';
import { DEFAULT_ABSENCE_MESSAGE, DEFAULT_BUSINESS_HOURS } from '../modules/tenants/business-hours.js';
import { ensureStarterPlans } from './plans.js';

const BOOT_LOCK = 482_190_332;

/**
 * First start: tenant 1 (the platform operator) and its admin from ADMIN_EMAIL / ADMIN_PASSWORD,
 * or a generated password returned once for printing. Safe to run on every start and on several
 * instances at once.
 */
export async function bootstrapPlatform(platform: Platform): Promise<{ email: string; generatedPassword?: string }> {
  const email = platform.config.adminEmail ?? 'admin@prosa.local';
  const given = platform.config.adminPassword;
  const generated = given ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(given ?? generated!);
  return unsafeSystemDb(platform.db).transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOT_LOCK})`);
    await tx
      .insert(tenants)
      .values({
        id: OPERATOR_TENANT_ID,
        name: 'Prosa',
        businessHours: DEFAULT_BUSINESS_HOURS,
        messageBusinessHours: DEFAULT_ABSENCE_MESSAGE,
      })
      .onConflictDoNothing();
    await tx.execute(sql`select setval(pg_get_serial_sequence('tenants', 'id'), greatest((select max(id) from tenants), 1))`);
    await ensureStarterPlans(tx);
    const [existing] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.tenantId, OPERATOR_TENANT_ID), eq(users.profile, 'admin')))
      .limit(1);
    if (existing) return { email: existing.email };
    const scope = new TenantScope(OPERATOR_TENANT_ID, tx, platform.db, true);
    const admin = await scope.insert(users, { name: 'Operador', email, passwordHash, profile: 'admin' });
    await tx.update(tenants).set({ responsibleUserId: admin.id }).where(eq(tenants.id, OPERATOR_TENANT_ID));
    return { email, generatedPassword: generated };
  });
}
