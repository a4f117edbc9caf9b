// SECURITY-CRITICAL: failure throttles shared by every instance via the database: failed logins
// per (ip, email), and answers that tell whether an email exists (issue 9, L5) per caller.
import { eq, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/platform.js';
import { loginFailures } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

const keyOf = (ip: string, email: string) => `${ip}|${email}`;

/**
 * Who probes whether an email is taken: a signed-in user changing its email, or an address
 * signing up. Prefixed so they never share a count with a login key (`ip|email`).
 */
export type ProbeKey = { userId: number } | { ip: string };
const probeKeyOf = (k: ProbeKey) => ('userId' in k ? `email-probe|user|${k.userId}` : `email-probe|ip|${k.ip}`);

async function assertKeyNotThrottled(platform: Platform, key: string): Promise<void> {
  const [row] = await unsafeSystemDb(platform.db).select().from(loginFailures).where(eq(loginFailures.key, key));
  if (!row) return;
  const windowEnds = row.windowStart.getTime() + platform.config.loginFailureWindow * 1000;
  if (windowEnds > Date.now() && row.count >= platform.config.loginMaxFailures) {
    throw new AppError('ERR_TOO_MANY_ATTEMPTS');
  }
}

async function recordKeyFailure(platform: Platform, key: string): Promise<void> {
  const windowSeconds = platform.config.loginFailureWindow;
  await unsafeSystemDb(platform.db)
    .insert(loginFailures)
    .values({ key, count: 1, windowStart: new Date() })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        // A window that has ended starts over at one failure.
        count: sql`case when ${loginFailures.windowStart} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${loginFailures.count} + 1 end`,
        windowStart: sql`case when ${loginFailures.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${loginFailures.windowStart} end`,
      },
    });
}

export const assertNotThrottled = (platform: Platform, ip: string, email: string) =>
  assertKeyNotThrottled(platform, keyOf(ip, email));

export const recordFailure = (platform: Platform, ip: string, email: string) =>
  recordKeyFailure(platform, keyOf(ip, email));

export async function clearFailures(platform: Platform, ip: string, email: string): Promise<void> {
  await unsafeSystemDb(platform.db).delete(loginFailures).where(eq(loginFailures.key, keyOf(ip, email)));
}

/**
 * Runs `attempt`, which may answer ERR_EMAIL_ALREADY_EXISTS, under the failed-login limits: each
 * such answer counts for `who`, and past the limit every attempt answers ERR_TOO_MANY_ATTEMPTS
 * before learning anything. An email cannot be tried against the whole platform's accounts.
 */
export async function throttleEmailProbes<T>(platform: Platform, who: ProbeKey, attempt: () => Promise<T>): Promise<T> {
  const key = probeKeyOf(who);
  await assertKeyNotThrottled(platform, key);
  try {
    return await attempt();
  } catch (e) {
    if (e instanceof AppError && e.code === 'ERR_EMAIL_ALREADY_EXISTS') await recordKeyFailure(platform, key);
    throw e;
  }
}
