// SECURITY-CRITICAL: sets a new password from a recovery code and ends every session of the user.
import type { ResetPassword } from '@prosa/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResets, users } from '../../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { hashPassword } from '../../../platform/security/passwords.js';
import { revokeSessions } from '../../../platform/security/sessions.js';
import { sameHash, sha256 } from '../../../platform/security/tokens.js';

const MAX_ATTEMPTS = 5;

export async function resetPassword(platform: Platform, input: ResetPassword): Promise<void> {
  const [user] = await unsafeSystemDb(platform.db).select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!user) throw new AppError('ERR_INVALID_RESET_CODE');
  const passwordHash = await hashPassword(input.password);
  await withTenant(platform.db, user.tenantId, (scope) =>
    scope.transaction(async (tx) => {
      const [reset] = await tx
        .select(
          passwordResets,
          and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())),
        )
        .orderBy(desc(passwordResets.createdAt))
        .limit(1)
        .for('update');
      if (!reset || reset.attempts >= MAX_ATTEMPTS) throw new AppError('ERR_INVALID_RESET_CODE');
      if (!sameHash(sha256(`${user.id}:${input.code}`), reset.codeHash)) {
        await tx.update(passwordResets, { attempts: sql`${passwordResets.attempts} + 1` as unknown as number }, eq(passwordResets.id, reset.id));
        return false;
      }
      await tx.update(passwordResets, { usedAt: new Date() }, eq(passwordResets.id, reset.id));
      await tx.update(users, { passwordHash, updatedAt: new Date() }, eq(users.id, user.id));
      await revokeSessions(tx, { userId: user.id }, 'password_reset');
      return true;
    }),
  ).then((ok) => {
    // The failed attempt is counted (committed) before the error is answered.
    if (!ok) throw new AppError('ERR_INVALID_RESET_CODE');
  });
}
