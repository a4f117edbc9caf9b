// SECURITY-CRITICAL: failed-login throttle, per (ip, email), shared by every instance via the database.
import { eq, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/platform.js';
import { loginFailures } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

const keyOf = (ip: string, email: string) => `${ip}|${email}`;

export async function assertNotThrottled(platform: Platform, ip: string, email: string): Promise<void> {
  const [row] = await unsafeSystemDb(platform.db)
    .select()
    .from(loginFailures)
    .where(eq(loginFailures.key, keyOf(ip, email)));
  if (!row) return;
  const windowEnds = row.windowStart.getTime() + platform.config.loginFailureWindow * 1000;
  if (windowEnds > Date.now() && row.count >= platform.config.loginMaxFailures) {
    throw new AppError('ERR_TOO_MANY_ATTEMPTS');
  }
}

export async function recordFailure(platform: Platform, ip: string, email: string): Promise<void> {
  const windowSeconds = platform.config.loginFailureWindow;
  await unsafeSystemDb(platform.db)
    .insert(loginFailures)
    .values({ key: keyOf(ip, email), count: 1, windowStart: new Date() })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        // A window that has ended starts over at one failure.
        count: sql`case when ${loginFailures.windowStart} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${loginFailures.count} + 1 end`,
        windowStart: sql`case when ${loginFailures.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${loginFailures.windowStart} end`,
      },
    });
}

export async function clearFailures(platform: Platform, ip: string, email: string): Promise<void> {
  await unsafeSystemDb(platform.db).delete(loginFailures).where(eq(loginFailures.key, keyOf(ip, email)));
}
