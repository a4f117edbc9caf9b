import { eq, sql } from 'drizzle-orm';
import { tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { emitTicketChange } from './tickets.events.js';
import { assertCan, type TicketAction, type TicketFacts, type TicketViewer } from './tickets.policy.js';
import type { TicketRow } from './tickets.presenter.js';
import { getVisibleTicket } from './tickets.queries.js';
import { loadViewer } from './tickets.viewer.js';

export interface TicketChange {
  tx: TenantScope;
  row: TicketRow;
  facts: TicketFacts;
  viewer: TicketViewer;
}

/**
 * Writes a patch of the ticket (and its updatedAt). A private ticket that leaves its agent (return
 * to queue, transfer to someone else) is private no more: privacy is its agent's choice.
 */
export async function patchTicket(tx: TenantScope, id: number, patch: Partial<Omit<TicketRow, 'id' | 'tenantId'>>) {
  const privacy =
    patch.userId !== undefined && patch.isPrivate === undefined
      ? {
          isPrivate:
            sql`${tickets.isPrivate} and ${tickets.userId} is not distinct from ${patch.userId}` as unknown as boolean,
        }
      : {};
  const [row] = await tx.update(tickets, { ...patch, ...privacy, updatedAt: new Date() }, eq(tickets.id, id));
  return row!;
}

/**
 * The frame of every action on one ticket: one transaction, the row locked, the viewer allowed to
 * do `action` (an invisible ticket is ERR_NO_TICKET_FOUND), then the change and its event.
 */
export async function mutateTicket<R>(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
  action: TicketAction,
  change: (c: TicketChange) => Promise<R>,
): Promise<R> {
  return scope.transaction(async (tx) => {
    const viewer = await loadViewer(tx, auth);
    const { row, facts } = await getVisibleTicket(tx, viewer, id, true);
    assertCan(viewer, facts, action);
    const result = await change({ tx, row, facts, viewer });
    emitTicketChange(tx, id, 'update');
    return result;
  });
}
