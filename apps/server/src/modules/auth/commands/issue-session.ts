// SECURITY-CRITICAL: creates a refresh session and its first access token.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authSessions, users } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { revokeSessions } from '../../../platform/security/sessions.js';
import { newRefreshSecret, sha256, signAccessToken } from '../../../platform/security/tokens.js';

export async function issueSession(
  platform: Platform,
  scope: TenantScope,
  user: typeof users.$inferSelect,
  userAgent: string,
) {
  const sessionId = randomUUID();
  const secret = newRefreshSecret(sessionId, platform.config.jwtSecret);
  await scope.transaction(async (tx) => {
    if (user.blockMultipleLogins) {
      // A new login ends every older session of this user ("accessed from another device").
      await revokeSessions(tx, { userId: user.id }, 'other_device');
    }
    await tx.insert(authSessions, {
      id: sessionId,
      userId: user.id,
      refreshHash: sha256(secret),
      expiresAt: new Date(Date.now() + platform.config.refreshTokenTtl * 1000),
      userAgent: userAgent.slice(0, 300),
    });
    await tx.update(users, { lastLoginAt: new Date() }, eq(users.id, user.id));
  });
  const token = await signAccessToken(
    { userId: user.id, tenantId: user.tenantId, profile: user.profile, sessionId },
    platform.config.jwtSecret,
    platform.config.accessTokenTtl,
  );
  return { sessionId, secret, token };
}
