import { eq } from 'drizzle-orm';
import { teamUsers } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { getUser } from '../../users/users.queries.js';
import { assertTeamsExist } from '../teams.queries.js';

/** The users screen edits one user's teams: the user and every team must be of this company. */
export async function setUserTeams(scope: TenantScope, userId: number, teamIds: number[]): Promise<number[]> {
  return scope.transaction(async (tx) => {
    await getUser(tx, userId);
    const ids = await assertTeamsExist(tx, teamIds);
    await tx.delete(teamUsers, eq(teamUsers.userId, userId));
    if (ids.length > 0)
      await tx.insert(
        teamUsers,
        ids.map((teamId) => ({ teamId, userId })),
      );
    return ids.sort((x, y) => x - y);
  });
}
