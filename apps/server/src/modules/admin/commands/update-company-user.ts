// SECURITY-CRITICAL: platform operator command (cross-tenant by nature): edits any company's user,
// including its password, on `unsafeSystemDb`; only routes declared `auth: 'operator'` reach this.
import { OPERATOR_TENANT_ID, type AdminUserUpdate } from '@prosa/contracts';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { users } from '../../../platform/db/schema.js';
import { TenantScope, unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { hashPassword } from '../../../platform/security/passwords.js';
import { revokeSessions } from '../../../platform/security/sessions.js';
import { withQueues } from '../admin.queries.js';

/**
 * Name, email (unique across the platform: login is by email), profile and password. A new
 * password or profile ends every session of the user. The last admin of tenant 1 keeps its profile, or
 * nobody could reach the operator's screens again.
 */
export async function updateCompanyUser(db: Database, id: number, input: AdminUserUpdate) {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  // What runs once the change has committed (the revoked sessions' sockets being cut).
  const afterCommit: (() => void | Promise<void>)[] = [];
  try {
    const updated = await unsafeSystemDb(db).transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!user) throw new AppError('ERR_NO_USER_FOUND');
      if (input.email && input.email !== user.email) {
        const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, input.email), ne(users.id, id)));
        if (taken) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
      }
      if (user.tenantId === OPERATOR_TENANT_ID && user.profile === 'admin' && input.profile && input.profile !== 'admin') {
        const [others] = await tx
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.tenantId, OPERATOR_TENANT_ID), eq(users.profile, 'admin'), ne(users.id, id)));
        if (!others?.n) throw new AppError('ERR_OPERATOR_TENANT_PROTECTED');
      }
      const [row] = await tx
        .update(users)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.profile !== undefined ? { profile: input.profile } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      // A new password or other rights end the user's sessions, as a company admin's edit does.
      const profileChanged = input.profile !== undefined && input.profile !== user.profile;
      if (passwordHash || profileChanged) {
        const scope = new TenantScope(user.tenantId, tx, db, true, afterCommit);
        await revokeSessions(scope, { userId: id }, passwordHash ? 'password_changed' : 'profile_changed');
      }
      return row!;
    });
    for (const run of afterCommit) await run();
    db.changes.touch(updated.tenantId);
    const [withQ] = await withQueues(db, [updated]);
    return withQ!;
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    throw e;
  }
}
