import type { User } from '@prosa/contracts';
import { and, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { queues, userQueues, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { teamMemberIds } from '../teams/teams.queries.js';
import { callLineIdsOfUsers } from '../calls/call-lines.js';
import { channelIdsOf, channelIdsOfUsers } from './user-channels.js';

export type UserRow = typeof users.$inferSelect;
export type QueueRef = User['queues'][number];

export async function getUser(scope: TenantScope, id: number): Promise<UserRow> {
  const row = await scope.first(users, eq(users.id, id));
  if (!row) throw new AppError('ERR_NO_USER_FOUND');
  return row;
}

/** `%` and `_` typed by a person are letters, not wildcards. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers(
  scope: TenantScope,
  q: { searchParam: string; pageNumber: number; pageSize: number; byEmail: boolean; teamId?: number },
) {
  const term = q.searchParam.trim();
  const byName = ilike(users.name, likePattern(term));
  const bySearch = term ? (q.byEmail ? or(byName, ilike(users.email, likePattern(term))) : byName) : undefined;
  const byTeam = q.teamId
    ? inArray(
        users.id,
        (await teamMemberIds(scope, q.teamId)).map((r) => r.id),
      )
    : undefined;
  const where: SQL | undefined = and(bySearch, byTeam);
  const [rows, count] = await Promise.all([
    scope
      .select(users, where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize),
    scope.count(users, where),
  ]);
  const ids = rows.map((r) => r.id);
  const [queuesByUser, channelsByUser, linesByUser] = await Promise.all([
    queuesOfUsers(scope, ids),
    channelIdsOfUsers(scope, ids),
    callLineIdsOfUsers(scope, ids),
  ]);
  return {
    users: rows.map((row) => ({
      row,
      queues: queuesByUser.get(row.id) ?? [],
      channelIds: channelsByUser.get(row.id) ?? [],
      callLineIds: linesByUser.get(row.id) ?? [],
    })),
    count,
    hasMore: (q.pageNumber - 1) * q.pageSize + rows.length < count,
  };
}

/** One user with its queues and channels. */
export async function getUserWithQueues(scope: TenantScope, id: number) {
  const row = await getUser(scope, id);
  const [queues, channelIds, lines] = await Promise.all([
    queuesOfUsers(scope, [id]),
    channelIdsOf(scope, id),
    callLineIdsOfUsers(scope, [id]),
  ]);
  return { row, queues: queues.get(id) ?? [], channelIds, callLineIds: lines.get(id) ?? [] };
}

/** The queues of many users in one query (a page of the list loads them at once, not per user). */
export async function queuesOfUsers(scope: TenantScope, userIds: number[]): Promise<Map<number, QueueRef[]>> {
  const byUser = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await scope.query((db, owns) =>
    db
      .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(owns(userQueues, inArray(userQueues.userId, userIds), eq(queues.tenantId, scope.tenantId)))
      .orderBy(asc(queues.name)),
  );
  for (const { userId, ...queue } of rows) byUser.get(userId)?.push(queue);
  return byUser;
}

export async function queueIdsOf(scope: TenantScope, userId: number): Promise<number[]> {
  return (await scope.select(userQueues, eq(userQueues.userId, userId))).map((r) => r.queueId);
}

/**
 * SECURITY-CRITICAL: the one read of `users` WITHOUT the tenant filter, on purpose.
 * Sign-in is by email across the platform (unique index users_email_key), so an email taken in
 * any company is taken for all. It answers only yes or no and never returns another tenant's row.
 */
export async function isEmailTaken(scope: TenantScope, email: string, exceptUserId?: number): Promise<boolean> {
  const rows = await scope.query((db) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), exceptUserId ? ne(users.id, exceptUserId) : undefined))
      .limit(1),
  );
  return rows.length > 0;
}
