// SECURITY-CRITICAL: creates a refresh session and its first access token.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { authSessions, users } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { Platform } from '../../../platform/platform.js';
import { newSecret, sha256, signAccessToken } from '../../../platform/security/tokens.js';

export async function issueSession(
  platform: Platform,
  scope: TenantScope,
  user: typeof users.$inferSelect,
  userAgent: string,
) {
  const sessionId = randomUUID();
  const secret = newSecret();
  await scope.transaction(async (tx) => {
    if (user.blockMultipleLogins) {
      // A new login ends every older session of this user ("accessed from another device").
      await tx.update(
        authSessions,
        { revokedAt: new Date(), revokedReason: 'other_device' },
        and(eq(authSessions.userId, user.id), isNull(authSessions.revokedAt), ne(authSessions.id, sessionId))!,
      );
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
