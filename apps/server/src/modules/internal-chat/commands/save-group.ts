import type { ChatGroupInput } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { chatGroups, chatGroupUsers } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { assertUsersExist, getTeam, userIdsOfTeams } from '../../teams/teams.queries.js';
import { emitGroupChange } from '../internal-chat.events.js';
import { assertMayManage } from '../internal-chat.policy.js';
import { presentGroup } from '../internal-chat.presenter.js';
import { getMemberGroup, memberIdsOf } from '../internal-chat.queries.js';

/**
 * Any user starts a group with colleagues; from a team, the team's members join too (teams are
 * used as chat groups this way: a snapshot of the team, kept as a group of its own afterwards).
 */
export function createGroup(scope: TenantScope, auth: AuthContext, input: ChatGroupInput) {
  return scope.transaction(async (tx) => {
    const picked = await assertUsersExist(tx, input.userIds);
    const fromTeam = input.teamId
      ? (await getTeam(tx, input.teamId), (await userIdsOfTeams(tx, [input.teamId])).get(input.teamId) ?? [])
      : [];
    const userIds = [...new Set([auth.userId, ...picked, ...fromTeam])].sort((x, y) => x - y);
    const group = await tx.insert(chatGroups, { name: input.name, ownerId: auth.userId, teamId: input.teamId ?? null });
    await tx.insert(
      chatGroupUsers,
      userIds.map((userId) => ({ groupId: group.id, userId })),
    );
    emitGroupChange(tx, userIds, 'create', group.id);
    return presentGroup(group, userIds, 0, auth);
  });
}

export function renameGroup(scope: TenantScope, auth: AuthContext, groupId: number, name: string) {
  return scope.transaction(async (tx) => {
    const { group } = await getMemberGroup(tx, auth.userId, groupId);
    assertMayManage(auth, group);
    const [row] = await tx.update(chatGroups, { name, updatedAt: new Date() }, eq(chatGroups.id, groupId));
    const userIds = await memberIdsOf(tx, groupId);
    emitGroupChange(tx, userIds, 'update', groupId);
    return presentGroup(row!, userIds, 0, auth);
  });
}

export function deleteGroup(scope: TenantScope, auth: AuthContext, groupId: number) {
  return scope.transaction(async (tx) => {
    const { group } = await getMemberGroup(tx, auth.userId, groupId);
    assertMayManage(auth, group);
    const userIds = await memberIdsOf(tx, groupId);
    await tx.delete(chatGroups, eq(chatGroups.id, groupId));
    emitGroupChange(tx, userIds, 'delete', groupId);
  });
}
