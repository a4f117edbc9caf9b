import { INTERNAL_PAGE_SIZE, type Presence } from '@prosa/contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { chatGroups, chatGroupUsers, internalMessages, teams, teamUsers, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { teamMemberIds } from '../teams/teams.queries.js';

export type GroupRow = typeof chatGroups.$inferSelect;
export type InternalMessageRow = typeof internalMessages.$inferSelect;
export type MessageWithSender = { row: InternalMessageRow; senderName: string };

export const presenceOf = (u: { isOnline: boolean; isIdle: boolean }): Presence =>
  !u.isOnline ? 'offline' : u.isIdle ? 'idle' : 'online';

/** `%` and `_` typed by a person are letters, not wildcards. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A colleague to talk to: a user of this company other than the viewer, else not found. */
export async function getColleague(scope: TenantScope, viewerId: number, userId: number) {
  const row = userId === viewerId ? undefined : await scope.first(users, eq(users.id, userId));
  if (!row) throw new AppError('ERR_NO_USER_FOUND');
  return row;
}

/** A group the viewer belongs to; to anyone else it does not exist (404, as another company's). */
export async function getMemberGroup(scope: TenantScope, viewerId: number, groupId: number) {
  const [group, member] = await Promise.all([
    scope.first(chatGroups, eq(chatGroups.id, groupId)),
    scope.first(chatGroupUsers, and(eq(chatGroupUsers.groupId, groupId), eq(chatGroupUsers.userId, viewerId))),
  ]);
  if (!group || !member) throw new AppError('ERR_NO_CHAT_GROUP_FOUND');
  return { group, member };
}

export async function memberIdsOf(scope: TenantScope, groupId: number): Promise<number[]> {
  const rows = await scope
    .select(chatGroupUsers, eq(chatGroupUsers.groupId, groupId))
    .orderBy(asc(chatGroupUsers.userId));
  return rows.map((r) => r.userId);
}

/** Unread 1:1 messages to the viewer, by sender. */
async function unreadBySender(scope: TenantScope, viewerId: number): Promise<Map<number, number>> {
  const rows = await scope.query((db, owns) =>
    db
      .select({ senderId: internalMessages.senderId, n: count() })
      .from(internalMessages)
      .where(owns(internalMessages, eq(internalMessages.recipientId, viewerId), isNull(internalMessages.readAt)))
      .groupBy(internalMessages.senderId),
  );
  return new Map(rows.map((r) => [r.senderId, Number(r.n)]));
}

/** Unread group messages of the viewer (newer than its last read, from others), by group. */
async function unreadByGroup(scope: TenantScope, viewerId: number): Promise<Map<number, number>> {
  const rows = await scope.query((db, owns) =>
    db
      .select({ groupId: chatGroupUsers.groupId, n: count() })
      .from(chatGroupUsers)
      .innerJoin(
        internalMessages,
        and(eq(internalMessages.groupId, chatGroupUsers.groupId), gt(internalMessages.id, chatGroupUsers.lastReadId)),
      )
      .where(
        owns(
          chatGroupUsers,
          eq(internalMessages.tenantId, scope.tenantId),
          eq(chatGroupUsers.userId, viewerId),
          ne(internalMessages.senderId, viewerId),
        ),
      )
      .groupBy(chatGroupUsers.groupId),
  );
  return new Map(rows.map((r) => [r.groupId, Number(r.n)]));
}

export async function unreadTotal(scope: TenantScope, viewerId: number): Promise<number> {
  const [a, b] = await Promise.all([unreadBySender(scope, viewerId), unreadByGroup(scope, viewerId)]);
  let n = 0;
  for (const v of [...a.values(), ...b.values()]) n += v;
  return n;
}

/** The teams of many users, with names, in one query. */
async function teamsOfUsers(scope: TenantScope, userIds: number[]) {
  const byUser = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await scope.query((db, owns) =>
    db
      .select({ userId: teamUsers.userId, id: teams.id, name: teams.name })
      .from(teamUsers)
      .innerJoin(teams, eq(teams.id, teamUsers.teamId))
      .where(owns(teamUsers, eq(teams.tenantId, scope.tenantId), inArray(teamUsers.userId, userIds)))
      .orderBy(asc(teams.name)),
  );
  for (const { userId, ...team } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), team]);
  return byUser;
}

/** Everyone of the company but the viewer, with presence and unread counts, filtered by name and team. */
export async function listPeople(scope: TenantScope, viewerId: number, q: { searchParam: string; teamId?: number }) {
  const term = q.searchParam.trim();
  const conds: (SQL | undefined)[] = [ne(users.id, viewerId), term ? ilike(users.name, likePattern(term)) : undefined];
  if (q.teamId)
    conds.push(
      inArray(
        users.id,
        (await teamMemberIds(scope, q.teamId)).map((r) => r.id),
      ),
    );
  const rows = await scope
    .select(users, and(...conds))
    .orderBy(asc(users.name), asc(users.id))
    .limit(500);
  const [unread, teamsOf] = await Promise.all([
    unreadBySender(scope, viewerId),
    teamsOfUsers(
      scope,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    presence: presenceOf(r),
    unread: unread.get(r.id) ?? 0,
    teams: teamsOf.get(r.id) ?? [],
  }));
}

/** The groups the viewer belongs to, with their members and the viewer's unread count. */
export async function listGroups(scope: TenantScope, viewerId: number) {
  const mine = await scope.select(chatGroupUsers, eq(chatGroupUsers.userId, viewerId));
  const ids = mine.map((m) => m.groupId);
  if (ids.length === 0) return [];
  const [groups, members, unread] = await Promise.all([
    scope.select(chatGroups, inArray(chatGroups.id, ids)).orderBy(asc(chatGroups.name), asc(chatGroups.id)),
    scope.select(chatGroupUsers, inArray(chatGroupUsers.groupId, ids)).orderBy(asc(chatGroupUsers.userId)),
    unreadByGroup(scope, viewerId),
  ]);
  const byGroup = new Map<number, number[]>();
  for (const m of members) byGroup.set(m.groupId, [...(byGroup.get(m.groupId) ?? []), m.userId]);
  return groups.map((group) => ({ group, userIds: byGroup.get(group.id) ?? [], unread: unread.get(group.id) ?? 0 }));
}

/** One page of a conversation, newest first in the query, answered oldest first. */
export async function readPage(
  scope: TenantScope,
  where: SQL,
  before: number | undefined,
): Promise<{ messages: MessageWithSender[]; hasMore: boolean }> {
  const rows = await scope.query((db, owns) =>
    db
      .select({ row: internalMessages, senderName: users.name })
      .from(internalMessages)
      .innerJoin(users, eq(users.id, internalMessages.senderId))
      .where(
        owns(
          internalMessages,
          eq(users.tenantId, scope.tenantId),
          where,
          before ? lt(internalMessages.id, before) : undefined,
        ),
      )
      .orderBy(desc(internalMessages.id))
      .limit(INTERNAL_PAGE_SIZE + 1),
  );
  return { messages: rows.slice(0, INTERNAL_PAGE_SIZE).reverse(), hasMore: rows.length > INTERNAL_PAGE_SIZE };
}

/** Both directions of a 1:1 conversation. */
export const pairWhere = (me: number, other: number) =>
  or(
    and(eq(internalMessages.senderId, me), eq(internalMessages.recipientId, other)),
    and(eq(internalMessages.senderId, other), eq(internalMessages.recipientId, me)),
  )!;

export const groupWhere = (groupId: number) => eq(internalMessages.groupId, groupId);

export async function getInternalMessage(scope: TenantScope, id: number) {
  const row = await scope.first(internalMessages, eq(internalMessages.id, id));
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}
