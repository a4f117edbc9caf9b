import { asc, eq, inArray } from 'drizzle-orm';
import { teams, teamUsers, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export type TeamRow = typeof teams.$inferSelect;

export async function getTeam(scope: TenantScope, id: number): Promise<TeamRow> {
  const row = await scope.first(teams, eq(teams.id, id));
  if (!row) throw new AppError('ERR_NO_TEAM_FOUND');
  return row;
}

/** The members of many teams in one query. */
export async function userIdsOfTeams(scope: TenantScope, teamIds: number[]): Promise<Map<number, number[]>> {
  const byTeam = new Map<number, number[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const rows = await scope.select(teamUsers, inArray(teamUsers.teamId, teamIds)).orderBy(asc(teamUsers.userId));
  for (const r of rows) byTeam.get(r.teamId)?.push(r.userId);
  return byTeam;
}

export async function listTeams(scope: TenantScope) {
  const rows = await scope.select(teams).orderBy(asc(teams.name), asc(teams.id));
  const members = await userIdsOfTeams(
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, userIds: members.get(row.id) ?? [] }));
}

/** Every id must be a user of this company: another company's id is "not found", nothing changes. */
export async function assertUsersExist(scope: TenantScope, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await scope.count(users, inArray(users.id, unique));
  if (found !== unique.length) throw new AppError('ERR_NO_USER_FOUND');
  return unique;
}

/** Every id must be a team of this company. */
export async function assertTeamsExist(scope: TenantScope, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await scope.count(teams, inArray(teams.id, unique));
  if (found !== unique.length) throw new AppError('ERR_NO_TEAM_FOUND');
  return unique;
}

/** The subquery "users of team X" for list filters (users list, chat people list). */
export function teamMemberIds(scope: TenantScope, teamId: number) {
  return scope.query((db, owns) =>
    db
      .select({ id: teamUsers.userId })
      .from(teamUsers)
      .where(owns(teamUsers, eq(teamUsers.teamId, teamId))),
  );
}
