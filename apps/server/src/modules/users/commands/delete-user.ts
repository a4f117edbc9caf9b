import { eq } from 'drizzle-orm';
import { users } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { revokeSessions } from '../../../platform/security/sessions.js';
import { emitUserChange } from '../users.events.js';
import { getUserWithQueues } from '../users.queries.js';

/**
 * An admin removes a user of its company; never itself, so the company keeps an admin. The
 * user's sessions and queue memberships go with it; its tickets stay, unassigned.
 */
export async function deleteUser(scope: TenantScope, actor: AuthContext, id: number): Promise<void> {
  if (id === actor.userId) throw new AppError('ERR_CANNOT_DELETE_SELF');
  await scope.transaction(async (tx) => {
    const { row, queues } = await getUserWithQueues(tx, id);
    // Its sessions end first, through the one door that also cuts their sockets.
    await revokeSessions(tx, { userId: id }, 'user_deleted');
    await tx.delete(users, eq(users.id, id));
    emitUserChange(tx, 'delete', row, queues);
  });
}
