import type { KanbanCard, Lane } from '@prosa/contracts';
import type { crmLanes } from '../../platform/db/schema.js';
import { numberFor } from '../contacts/contacts.presenter.js';
import type { ContactView } from '../contacts/contacts.policy.js';

export type LaneRow = typeof crmLanes.$inferSelect;

export function presentLane(row: LaneRow): Lane {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    position: row.position,
    userId: row.userId,
    flowId: row.flowId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface CardRow {
  id: number;
  name: string;
  number: string;
  profilePicUrl: string;
  crmLaneId: number | null;
  dealValue: number | null;
  description: string;
  lastTicketId: number | null;
  updatedAt: Date;
}

/** The number follows the contacts API's rule (hidden numbers show their last 4 digits). */
export function presentCard(row: CardRow, view: ContactView): KanbanCard {
  return {
    id: row.id,
    name: row.name,
    number: numberFor(view, row.number),
    profilePicUrl: row.profilePicUrl,
    laneId: row.crmLaneId,
    dealValue: row.dealValue === null ? null : Number(row.dealValue),
    description: row.description,
    lastTicketId: row.lastTicketId,
    updatedAt: row.updatedAt.toISOString(),
  };
}
