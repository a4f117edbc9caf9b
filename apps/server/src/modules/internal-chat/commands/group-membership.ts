import { and, eq, max } from 'drizzle-orm';
import { chatGroupUsers, internalMessages } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { assertUsersExist } from '../../teams/teams.queries.js';
import { emitGroupChange } from '../internal-chat.events.js';
import { assertMayManage } from '../internal-chat.policy.js';
import { getMemberGroup, memberIdsOf } from '../internal-chat.queries.js';

/**
 * The group's manager adds a colleague; adding a member twice changes nothing. The newcomer reads
 * the history, but what was said before it joined is not counted as unread.
 */
export function addGroupMember(scope: TenantScope, auth: AuthContext, groupId: number, userId: number) {
  return scope.transaction(async (tx) => {
    const { group } = await getMemberGroup(tx, auth.userId, groupId);
    assertMayManage(auth, group);
    await assertUsersExist(tx, [userId]);
    const before = await memberIdsOf(tx, groupId);
    if (!before.includes(userId)) {
      const [last] = await tx.query((db, owns) =>
        db
          .select({ id: max(internalMessages.id) })
          .from(internalMessages)
          .where(owns(internalMessages, eq(internalMessages.groupId, groupId))),
      );
      await tx.insert(chatGroupUsers, { groupId, userId, lastReadId: last?.id ?? 0 });
    }
    emitGroupChange(tx, [...before, userId], 'update', groupId);
  });
}

/** The manager removes anyone; any member may leave (remove itself). */
export function removeGroupMember(scope: TenantScope, auth: AuthContext, groupId: number, userId: number) {
  return scope.transaction(async (tx) => {
    const { group } = await getMemberGroup(tx, auth.userId, groupId);
    if (userId !== auth.userId) assertMayManage(auth, group);
    await assertUsersExist(tx, [userId]);
    const before = await memberIdsOf(tx, groupId);
    await tx.delete(chatGroupUsers, and(eq(chatGroupUsers.groupId, groupId), eq(chatGroupUsers.userId, userId))!);
    emitGroupChange(tx, before, 'update', groupId);
  });
}
