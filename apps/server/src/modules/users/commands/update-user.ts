// SECURITY-CRITICAL: changes a user's profile, queues and password, and ends its other sessions
// when its rights or its password change.
import type { UpdateUser } from '@prosa/contracts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { authSessions, userQueues, users } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { hashPassword } from '../../../platform/security/passwords.js';
import { assertQueuesExist } from '../../queues/queues.queries.js';
import { emitUserChange } from '../users.events.js';
import { assertMayUpdate } from '../users.policy.js';
import { getUser, isEmailTaken, queueIdsOf, queuesOfUsers } from '../users.queries.js';

/** Revokes every live session of `userId` but the caller's own (which keeps working). */
async function revokeOtherSessions(scope: TenantScope, userId: number, keepSessionId: string, reason: string) {
  await scope.update(
    authSessions,
    { revokedAt: new Date(), revokedReason: reason },
    and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), ne(authSessions.id, keepSessionId))!,
  );
}

export async function updateUser(scope: TenantScope, actor: AuthContext, id: number, input: UpdateUser) {
  const target = await getUser(scope, id);
  assertMayUpdate(actor, target, input, await queueIdsOf(scope, id));
  const email = input.email !== undefined && input.email !== target.email ? input.email : undefined;
  if (email && (await isEmailTaken(scope, email, id))) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
  if (input.queues) await assertQueuesExist(scope, input.queues);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const profileChanged = input.profile !== undefined && input.profile !== target.profile;

  try {
    return await scope.transaction(async (tx) => {
      const [row] = await tx.update(
        users,
        {
          name: input.name,
          email,
          profile: input.profile,
          ignoreWallet: input.ignoreWallet,
          blockMultipleLogins: input.blockMultipleLogins,
          passwordHash,
          updatedAt: new Date(),
        },
        eq(users.id, id),
      );
      if (input.queues) {
        await tx.delete(userQueues, eq(userQueues.userId, id));
        await tx.insert(
          userQueues,
          [...new Set(input.queues)].map((queueId) => ({ userId: id, queueId })),
        );
      }
      if (profileChanged || passwordHash) {
        await revokeOtherSessions(tx, id, actor.sessionId, profileChanged ? 'profile_changed' : 'password_changed');
      }
      const queues = (await queuesOfUsers(tx, [id])).get(id) ?? [];
      emitUserChange(tx, 'update', row!, queues);
      return { row: row!, queues };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    throw err;
  }
}
