import { V, type LaneInputParsed, type LaneOrder } from '@prosa/contracts';
import { and, eq, max } from 'drizzle-orm';
import { chatFlows, crmLanes } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { emitLaneChange } from '../kanban.events.js';
import { assertMayManageLanes, lanesOf, type LaneViewer } from '../kanban.policy.js';
import { getLane, listLanes } from '../kanban.queries.js';

/** A lane's flow must be one of the company's flows marked "available in CRM" (SPEC §3 Chatbot flow). */
async function assertCrmFlow(scope: TenantScope, flowId: number | null): Promise<void> {
  if (flowId === null) return;
  const flow = await scope.first(chatFlows, and(eq(chatFlows.id, flowId), eq(chatFlows.availableInCrm, true)));
  if (!flow) throw new AppError('ERR_VALIDATION', { flowId: V.flowUnavailable });
}

/** A new lane goes last among the viewer's lanes. */
export async function createLane(scope: TenantScope, viewer: LaneViewer, input: LaneInputParsed) {
  assertMayManageLanes(viewer);
  await assertCrmFlow(scope, input.flowId);
  return scope.transaction(async (tx) => {
    const [last] = await tx.query((db, owns) =>
      db.select({ p: max(crmLanes.position) }).from(crmLanes).where(owns(crmLanes, lanesOf(viewer))),
    );
    const row = await tx.insert(crmLanes, {
      name: input.name,
      color: input.color,
      flowId: input.flowId,
      userId: viewer.ownerId,
      position: (last?.p ?? -1) + 1,
    });
    emitLaneChange(tx, 'create', row.id);
    return row;
  });
}

export async function updateLane(scope: TenantScope, viewer: LaneViewer, id: number, input: LaneInputParsed) {
  await getLane(scope, viewer, id);
  assertMayManageLanes(viewer);
  await assertCrmFlow(scope, input.flowId);
  const [row] = await scope.update(
    crmLanes,
    { name: input.name, color: input.color, flowId: input.flowId, updatedAt: new Date() },
    eq(crmLanes.id, id),
  );
  if (!row) throw new AppError('ERR_NO_LANE_FOUND');
  emitLaneChange(scope, 'update', id);
  return row;
}

/**
 * Reorders the viewer's lanes: `ids` must be exactly the lanes it sees (an unknown or another
 * user's id answers ERR_NO_LANE_FOUND, a missing one ERR_VALIDATION), so two boards reordered at
 * once cannot leave two lanes on one position.
 */
export async function reorderLanes(scope: TenantScope, viewer: LaneViewer, order: LaneOrder) {
  assertMayManageLanes(viewer);
  return scope.transaction(async (tx) => {
    const lanes = await listLanes(tx, viewer);
    const known = new Set(lanes.map((l) => l.id));
    if (order.ids.some((id) => !known.has(id))) throw new AppError('ERR_NO_LANE_FOUND');
    if (new Set(order.ids).size !== lanes.length || order.ids.length !== lanes.length)
      throw new AppError('ERR_VALIDATION', { ids: V.invalidValue });
    for (const [position, id] of order.ids.entries()) {
      await tx.update(crmLanes, { position, updatedAt: new Date() }, eq(crmLanes.id, id));
    }
    emitLaneChange(tx, 'reorder', null);
    return listLanes(tx, viewer);
  });
}
