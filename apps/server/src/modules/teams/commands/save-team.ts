import type { TeamInput } from '@prosa/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { teams, teamUsers } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { emitTeamChange } from '../teams.events.js';
import { presentTeam } from '../teams.presenter.js';
import { assertUsersExist, getTeam } from '../teams.queries.js';

async function assertNameFree(scope: TenantScope, name: string, exceptId?: number) {
  const clash = await scope.first(teams, and(eq(teams.name, name), exceptId ? ne(teams.id, exceptId) : undefined));
  if (clash) throw new AppError('ERR_TEAM_EXISTS');
}

/** Two saves of one name at once: the unique index (tenant, name) decides. */
async function uniqueName<R>(fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ERR_TEAM_EXISTS');
    throw err;
  }
}

async function setMembers(scope: TenantScope, teamId: number, userIds: number[]) {
  await scope.delete(teamUsers, eq(teamUsers.teamId, teamId));
  if (userIds.length > 0)
    await scope.insert(
      teamUsers,
      userIds.map((userId) => ({ teamId, userId })),
    );
}

export function createTeam(scope: TenantScope, input: TeamInput) {
  return scope.transaction(async (tx) => {
    const userIds = await assertUsersExist(tx, input.userIds);
    await assertNameFree(tx, input.name);
    const row = await uniqueName(() => tx.insert(teams, { name: input.name, active: input.active }));
    await setMembers(tx, row.id, userIds);
    const team = presentTeam(
      row,
      userIds.sort((x, y) => x - y),
    );
    emitTeamChange(tx, 'create', team);
    return team;
  });
}

export function updateTeam(scope: TenantScope, id: number, input: TeamInput) {
  return scope.transaction(async (tx) => {
    await getTeam(tx, id);
    const userIds = await assertUsersExist(tx, input.userIds);
    await assertNameFree(tx, input.name, id);
    const [row] = await uniqueName(() =>
      tx.update(teams, { name: input.name, active: input.active, updatedAt: new Date() }, eq(teams.id, id)),
    );
    await setMembers(tx, id, userIds);
    const team = presentTeam(
      row!,
      userIds.sort((x, y) => x - y),
    );
    emitTeamChange(tx, 'update', team);
    return team;
  });
}
