// SECURITY-CRITICAL: refresh-token rotation with reuse detection.
import { eq } from 'drizzle-orm';
import { authSessions, tenants, users } from '../../../platform/db/schema.js';
import { TenantScope, unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { revokeSessions } from '../../../platform/security/sessions.js';
import {
  isIssuedRefreshSecret,
  newRefreshSecret,
  sameHash,
  sha256,
  signAccessToken,
} from '../../../platform/security/tokens.js';

/** Two tabs refreshing at once both present the same secret; the slower one is let through. */
const CONCURRENT_GRACE_MS = 15_000;

export async function refreshSession(platform: Platform, sessionId: string, secret: string) {
  const db = unsafeSystemDb(platform.db);
  const key = platform.config.jwtSecret;
  const [row] = await db
    .select({ session: authSessions, user: users, tenantStatus: tenants.status })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  if (!row || row.session.revokedAt || row.session.expiresAt < new Date() || row.tenantStatus !== 'active') {
    throw new AppError('ERR_SESSION_EXPIRED');
  }
  const presented = sha256(secret);
  let rotated: string | undefined;
  if (sameHash(presented, row.session.refreshHash)) {
    rotated = newRefreshSecret(sessionId, key);
    await db
      .update(authSessions)
      .set({ refreshHash: sha256(rotated), previousHash: presented, lastUsedAt: new Date() })
      .where(eq(authSessions.id, sessionId));
  } else if (
    row.session.previousHash &&
    sameHash(presented, row.session.previousHash) &&
    Date.now() - row.session.lastUsedAt.getTime() < CONCURRENT_GRACE_MS
  ) {
    rotated = undefined;
  } else if (isIssuedRefreshSecret(sessionId, secret, key)) {
    // A secret this server issued for the session, but an old one, came back: it was copied.
    // End the session (and its sockets).
    const scope = new TenantScope(row.user.tenantId, platform.db.raw, platform.db);
    await revokeSessions(scope, { sessionId }, 'refresh_reuse');
    throw new AppError('ERR_SESSION_EXPIRED');
  } else {
    // A made-up secret: the session id alone is no secret (every access token carries it), so a
    // wrong secret is refused and changes nothing.
    throw new AppError('ERR_SESSION_EXPIRED');
  }
  const token = await signAccessToken(
    { userId: row.user.id, tenantId: row.user.tenantId, profile: row.user.profile, sessionId },
    platform.config.jwtSecret,
    platform.config.accessTokenTtl,
  );
  return { token, rotatedSecret: rotated };
}
