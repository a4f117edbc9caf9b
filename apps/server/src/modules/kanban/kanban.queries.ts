import type { KanbanList } from '@prosa/contracts';
import { and, asc, count, eq, gt, inArray, lte, max, sql, sum } from 'drizzle-orm';
import { contacts, crmLanes, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ContactView } from '../contacts/contacts.policy.js';
import { visible } from '../contacts/contacts.queries.js';
import { lanesOf, type LaneViewer } from './kanban.policy.js';
import { presentCard, type CardRow, type LaneRow } from './kanban.presenter.js';

export function listLanes(scope: TenantScope, viewer: LaneViewer): Promise<LaneRow[]> {
  return scope.select(crmLanes, lanesOf(viewer)).orderBy(asc(crmLanes.position), asc(crmLanes.id));
}

/** A lane the viewer sees; another user's (lanes separated) or another company's answers alike. */
export async function getLane(scope: TenantScope, viewer: LaneViewer, id: number): Promise<LaneRow> {
  const row = await scope.first(crmLanes, and(eq(crmLanes.id, id), lanesOf(viewer)));
  if (!row) throw new AppError('ERR_NO_LANE_FOUND');
  return row;
}

/** The flow of a contact's lane, which heads the chatbot's precedence (chatbot/decide-flow.ts). */
export async function laneFlowOf(scope: TenantScope, laneId: number | null): Promise<number | null> {
  if (laneId === null) return null;
  return (await scope.first(crmLanes, eq(crmLanes.id, laneId)))?.flowId ?? null;
}

/** The owner of a lane whoever owns it (undefined: no such lane in the company). */
export async function laneOwner(scope: TenantScope, laneId: number | null): Promise<number | null | undefined> {
  if (laneId === null) return undefined;
  return (await scope.first(crmLanes, eq(crmLanes.id, laneId)))?.userId;
}

export interface BoardQuery {
  searchParam: string;
  laneId?: number;
  pageNumber: number;
  pageSize: number;
}

/**
 * A page of each lane's contacts (by name) with each lane's totals over every contact that matches
 * the search: two statements, the totals grouped and the pages numbered per lane. The contacts are
 * those the viewer may see (own wallet only), numbers masked as in the contacts API.
 */
export async function listBoard(
  scope: TenantScope,
  viewer: LaneViewer,
  view: ContactView,
  q: BoardQuery,
): Promise<KanbanList> {
  const lanes = q.laneId ? [await getLane(scope, viewer, q.laneId)] : await listLanes(scope, viewer);
  if (lanes.length === 0) return { lanes: [] };
  const laneIds = lanes.map((l) => l.id);
  const offset = (q.pageNumber - 1) * q.pageSize;
  const { totals, rows } = await scope.query(async (db, owns) => {
    const where = visible(db, owns, view, { searchParam: q.searchParam, tagsIds: [] }, inArray(contacts.crmLaneId, laneIds));
    const totals = await db
      .select({ laneId: contacts.crmLaneId, n: count(), total: sum(contacts.dealValue) })
      .from(contacts)
      .where(where)
      .groupBy(contacts.crmLaneId);
    const numbered = db
      .select({
        id: contacts.id,
        name: contacts.name,
        number: contacts.number,
        profilePicUrl: contacts.profilePicUrl,
        crmLaneId: contacts.crmLaneId,
        dealValue: contacts.dealValue,
        description: contacts.description,
        updatedAt: contacts.updatedAt,
        rn: sql<number>`row_number() over (partition by ${contacts.crmLaneId} order by ${contacts.name}, ${contacts.id})`.as(
          'rn',
        ),
      })
      .from(contacts)
      .where(where)
      .as('numbered');
    // The latest ticket of the page's contacts only: outside the numbering, which reads every match.
    const lastTicket = db
      .select({ id: max(tickets.id) })
      .from(tickets)
      .where(owns(tickets, eq(tickets.contactId, numbered.id)));
    const rows = await db
      .select({
        id: numbered.id,
        name: numbered.name,
        number: numbered.number,
        profilePicUrl: numbered.profilePicUrl,
        crmLaneId: numbered.crmLaneId,
        dealValue: numbered.dealValue,
        description: numbered.description,
        updatedAt: numbered.updatedAt,
        lastTicketId: sql<number | null>`(${lastTicket})`,
      })
      .from(numbered)
      .where(and(gt(numbered.rn, offset), lte(numbered.rn, offset + q.pageSize)))
      .orderBy(asc(numbered.rn));
    return { totals, rows };
  });
  const byLane = new Map(totals.map((t) => [t.laneId, t]));
  return {
    lanes: lanes.map((lane) => {
      const t = byLane.get(lane.id);
      const n = Number(t?.n ?? 0);
      const cards = rows
        .filter((r) => r.crmLaneId === lane.id)
        .map((r) => presentCard({ ...r, lastTicketId: r.lastTicketId === null ? null : Number(r.lastTicketId) } as CardRow, view));
      return {
        id: lane.id,
        count: n,
        dealValue: Number(t?.total ?? 0),
        contacts: cards,
        hasMore: offset + cards.length < n,
      };
    }),
  };
}

/** One card, as the board shows it after a move. */
export async function getCard(scope: TenantScope, view: ContactView, contactId: number) {
  const [row] = await scope.query((db, owns) => {
    const lastTicket = db
      .select({ id: max(tickets.id) })
      .from(tickets)
      .where(owns(tickets, eq(tickets.contactId, contacts.id)));
    return db
      .select({
        id: contacts.id,
        name: contacts.name,
        number: contacts.number,
        profilePicUrl: contacts.profilePicUrl,
        crmLaneId: contacts.crmLaneId,
        dealValue: contacts.dealValue,
        description: contacts.description,
        updatedAt: contacts.updatedAt,
        lastTicketId: sql<number | null>`(${lastTicket})`,
      })
      .from(contacts)
      .where(visible(db, owns, view, undefined, eq(contacts.id, contactId)))
      .limit(1);
  });
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
  return presentCard({ ...row, lastTicketId: row.lastTicketId === null ? null : Number(row.lastTicketId) }, view);
}
