import { eq } from 'drizzle-orm';
import { contacts, crmLanes } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { emitLaneChange } from '../kanban.events.js';
import { assertMayManageLanes, type LaneViewer } from '../kanban.policy.js';
import { getLane } from '../kanban.queries.js';

/**
 * Deleting a lane takes its contacts off the board (their lane is cleared; deal value and
 * description stay on the contact), rather than refusing: a lane is a stage of a pipeline that a
 * company reshapes, and the contacts themselves lose nothing. Both in one transaction.
 */
export async function deleteLane(scope: TenantScope, viewer: LaneViewer, id: number): Promise<void> {
  await getLane(scope, viewer, id);
  assertMayManageLanes(viewer);
  await scope.transaction(async (tx) => {
    await tx.update(contacts, { crmLaneId: null, updatedAt: new Date() }, eq(contacts.crmLaneId, id));
    await tx.delete(crmLanes, eq(crmLanes.id, id));
    emitLaneChange(tx, 'delete', id);
  });
}
