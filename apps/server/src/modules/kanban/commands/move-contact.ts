import type { KanbanCard } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { contacts, crmLanes } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { emitContactChange } from '../../contacts/contacts.events.js';
import type { ContactView } from '../../contacts/contacts.policy.js';
import { getContact } from '../../contacts/contacts.queries.js';
import { assertMayMoveFrom, type LaneViewer } from '../kanban.policy.js';
import { getCard, getLane, laneOwner } from '../kanban.queries.js';

/**
 * Whether a contact may go from its lane to `laneId` (null: off the board): the new lane must be
 * one the viewer sees, a contact with the CRM disabled goes on no lane, and with lanes separated
 * per user a contact on another user's lane is not moved by anyone else. Also the contact form's
 * check (contacts/commands/save-contact.ts) when its lane changes.
 */
export async function assertMayPlace(
  scope: TenantScope,
  viewer: LaneViewer,
  contact: { crmLaneId: number | null; disableCrm: boolean },
  laneId: number | null,
): Promise<void> {
  if (laneId !== null) {
    await getLane(scope, viewer, laneId);
    if (contact.disableCrm) throw new AppError('ERR_CONTACT_CRM_DISABLED');
  }
  if (laneId !== contact.crmLaneId) assertMayMoveFrom(viewer, await laneOwner(scope, contact.crmLaneId));
}

export interface MoveContact {
  laneId: number | null;
  dealValue?: number | null;
  description?: string;
}

/** Puts a contact on a lane (or off the board) with its deal value and description. */
export async function moveContact(
  scope: TenantScope,
  viewer: LaneViewer,
  view: ContactView,
  contactId: number,
  move: MoveContact,
): Promise<KanbanCard> {
  const contact = await getContact(scope, view, contactId);
  // Editing the deal of a contact left on its lane is editing that lane's card too.
  assertMayMoveFrom(viewer, await laneOwner(scope, contact.crmLaneId));
  await assertMayPlace(scope, viewer, contact, move.laneId);
  await scope.transaction(async (tx) => {
    await tx.update(
      contacts,
      {
        crmLaneId: move.laneId,
        ...(move.dealValue !== undefined ? { dealValue: move.dealValue } : {}),
        ...(move.description !== undefined ? { description: move.description } : {}),
        updatedAt: new Date(),
      },
      eq(contacts.id, contactId),
    );
    emitContactChange(tx, 'update', contactId);
  });
  return getCard(scope, view, contactId);
}

/**
 * The chatbot's "move contact to a CRM lane" (DOMAIN.md "Chatbot flows"): any lane of the company
 * the flow names (with lanes separated per user, a user's lane too: the flow's author chose it).
 * A lane deleted since the flow was saved, or a contact with the CRM disabled: nothing moves.
 */
export async function moveContactToLane(scope: TenantScope, contactId: number, laneId: number): Promise<boolean> {
  if (!(await scope.first(crmLanes, eq(crmLanes.id, laneId)))) return false;
  const [row] = await scope.update(
    contacts,
    { crmLaneId: laneId, updatedAt: new Date() },
    and(eq(contacts.id, contactId), eq(contacts.disableCrm, false))!,
  );
  if (row) emitContactChange(scope, 'update', contactId);
  return !!row;
}
