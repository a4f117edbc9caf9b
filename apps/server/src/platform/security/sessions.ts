// SECURITY-CRITICAL: the one way a login session ends. Every revocation (logout, refresh reuse,
// another device, password or rights changed, user deleted) comes through here, so that the
// session's sockets are cut on every app instance as soon as the change commits: a revoked
// session must stop receiving the company's events, not only stop making requests.
import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import { authSessions } from '../db/schema.js';
import type { TenantScope } from '../db/tenant-scope.js';
import { cutSockets } from '../realtime/publish.js';

export type RevokeReason =
  | 'logout'
  | 'refresh_reuse'
  | 'other_device'
  | 'password_reset'
  | 'password_changed'
  | 'profile_changed'
  | 'rights_changed'
  | 'user_deleted';

/** One session, or every live session of a user (but `except`, the caller's own, when given). */
export type SessionSelector = { sessionId: string } | { userId: number; except?: string };

/** Revokes the selected live sessions of the scope's tenant and cuts their sockets after commit. */
export async function revokeSessions(scope: TenantScope, which: SessionSelector, reason: RevokeReason): Promise<void> {
  const where: SQL =
    'sessionId' in which
      ? and(eq(authSessions.id, which.sessionId), isNull(authSessions.revokedAt))!
      : and(
          eq(authSessions.userId, which.userId),
          isNull(authSessions.revokedAt),
          which.except ? ne(authSessions.id, which.except) : undefined,
        )!;
  const revoked = await scope.update(authSessions, { revokedAt: new Date(), revokedReason: reason }, where);
  cutSockets(
    scope,
    revoked.map((s) => ({ kind: 'session', sessionId: s.id })),
  );
}
