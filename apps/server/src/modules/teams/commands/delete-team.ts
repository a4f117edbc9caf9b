import { eq } from 'drizzle-orm';
import { teams } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { emitTeamChange } from '../teams.events.js';
import { presentTeam } from '../teams.presenter.js';
import { getTeam } from '../teams.queries.js';

/** Members go with the team; chat groups started from it stay (their team link is cleared). */
export async function deleteTeam(scope: TenantScope, id: number): Promise<void> {
  await scope.transaction(async (tx) => {
    const row = await getTeam(tx, id);
    await tx.delete(teams, eq(teams.id, id));
    emitTeamChange(tx, 'delete', presentTeam(row, []));
  });
}
