// SECURITY-CRITICAL: password login.
import type { Login } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { tenants, users } from '../../../platform/db/schema.js';
import { TenantScope, unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { dummyPasswordHash, verifyPassword } from '../../../platform/security/passwords.js';
import { presentLogin } from '../auth.presenter.js';
import { assertNotThrottled, clearFailures, recordFailure } from '../login-throttle.js';
import { rememberLanguage } from '../remember-language.js';
import { issueSession } from './issue-session.js';

export async function login(platform: Platform, input: Login, ctx: { ip: string; userAgent: string }) {
  await assertNotThrottled(platform, ctx.ip, input.email);
  // Login happens before any tenant is known: the user is found by email across the platform.
  const [row] = await unsafeSystemDb(platform.db)
    .select({ user: users, tenantStatus: tenants.status })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.email, input.email))
    .limit(1);
  const ok = await verifyPassword(row?.user.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !ok) {
    await recordFailure(platform, ctx.ip, input.email);
    throw new AppError('ERR_INVALID_CREDENTIALS');
  }
  if (row.tenantStatus !== 'active') throw new AppError('ERR_TENANT_INACTIVE');
  await clearFailures(platform, ctx.ip, input.email);
  const scope = new TenantScope(row.user.tenantId, platform.db.raw, platform.db);
  const session = await issueSession(platform, scope, row.user, ctx.userAgent);
  let user = row.user;
  if (input.language && !user.configs?.language) {
    await rememberLanguage(scope, user.id, input.language);
    user = { ...user, configs: { ...user.configs, language: input.language } };
  }
  return { session, body: await presentLogin(scope, user, session.token) };
}
