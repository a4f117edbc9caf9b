/**
 * The attendance panel's figures (SPEC §2 /painel-atendimentos), read with the desk's visibility
 * (tickets.visibility-sql.ts): admins and general supervisors see every ticket, a queue supervisor
 * the tickets of their queues (and the people of those queues). Three statements whatever the
 * size: the open and pending tickets counted by (user, queue, status), each user's tickets longest
 * waiting first, and the people with their presence and queues.
 */
import { PANEL_TICKETS_PER_USER, type Panel, type PanelQueue, type PanelTicket, type PanelUser, type Presence } from '@prosa/contracts';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { contacts, queues, tickets, userQueues, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { maySeeAll, type TicketViewer } from '../tickets/tickets.policy.js';
import { visibilitySql } from '../tickets/tickets.visibility-sql.js';

/** The customer wrote last: their last message is after the agent's (or the agent has not written). */
const waitingSql = sql<boolean>`(${tickets.lastInboundAt} is not null and (${tickets.lastOutboundAt} is null or ${tickets.lastInboundAt} > ${tickets.lastOutboundAt}))`;
const ACTIVE = ['open', 'pending'] as const;
/** A panel of every ticket the viewer could open (not the list's "my queues" tab). */
const WIDEST = { showAll: true, includeNotQueueDefined: true } as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const earliest = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

export async function readPanel(scope: TenantScope, viewer: TicketViewer, now = new Date()): Promise<Panel> {
  const wide = maySeeAll(viewer);
  return scope.query(async (db, owns) => {
    const visible = and(owns(tickets, inArray(tickets.status, [...ACTIVE])), visibilitySql(db, owns, viewer, WIDEST))!;
    const counts = await db
      .select({
        userId: tickets.userId,
        queueId: tickets.queueId,
        status: tickets.status,
        n: sql<number>`count(*)::int`,
        waiting: sql<number>`(count(*) filter (where ${waitingSql}))::int`,
        oldest: sql<Date | string | null>`min(${tickets.lastInboundAt}) filter (where ${waitingSql})`,
      })
      .from(tickets)
      .where(visible)
      .groupBy(tickets.userId, tickets.queueId, tickets.status);
    const numbered = db
      .select({
        id: tickets.id,
        userId: tickets.userId,
        status: tickets.status,
        queueId: tickets.queueId,
        lastInboundAt: tickets.lastInboundAt,
        waiting: waitingSql.as('waiting'),
        contactId: tickets.contactId,
        rn: sql<number>`row_number() over (partition by ${tickets.userId} order by ${waitingSql} desc, ${tickets.lastInboundAt} asc nulls last, ${tickets.id})`.as('rn'),
      })
      .from(tickets)
      .where(and(visible, isNotNull(tickets.userId)))
      .as('numbered');
    // The contacts' names of the kept rows only (a join inside the numbering read every contact).
    const listed = await db
      .select({
        id: numbered.id,
        userId: numbered.userId,
        status: numbered.status,
        queueId: numbered.queueId,
        lastInboundAt: numbered.lastInboundAt,
        waiting: numbered.waiting,
        contactName: contacts.name,
      })
      .from(numbered)
      .innerJoin(contacts, owns(contacts, eq(contacts.id, numbered.contactId)))
      .where(lte(numbered.rn, PANEL_TICKETS_PER_USER))
      .orderBy(asc(numbered.userId), asc(numbered.rn));
    // The people: everyone for a wide viewer, else the members of the viewer's queues (and the viewer).
    const memberOf = viewer.queueIds.length ? inArray(userQueues.queueId, [...viewer.queueIds]) : sql`false`;
    const people = await db
      .select({
        id: users.id,
        name: users.name,
        isOnline: users.isOnline,
        isIdle: users.isIdle,
        queueIds: sql<number[]>`coalesce(array_agg(${userQueues.queueId}) filter (where ${userQueues.queueId} is not null), '{}')`,
      })
      .from(users)
      .leftJoin(userQueues, owns(userQueues, eq(userQueues.userId, users.id)))
      .where(owns(users, wide ? undefined : sql`(${users.id} = ${viewer.userId} or ${users.id} in (select ${userQueues.userId} from ${userQueues} where ${memberOf}))`))
      .groupBy(users.id)
      .orderBy(asc(users.name));
    const queueRows = await db
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(queues)
      .where(owns(queues, wide ? undefined : viewer.queueIds.length ? inArray(queues.id, [...viewer.queueIds]) : sql`false`))
      .orderBy(asc(queues.name));
    return assemble({ counts, listed, people, queueRows, now });
  });
}

interface Parts {
  counts: { userId: number | null; queueId: number | null; status: 'open' | 'pending' | 'closed'; n: number; waiting: number; oldest: Date | string | null }[];
  listed: { id: number; userId: number | null; status: 'open' | 'pending' | 'closed'; queueId: number | null; lastInboundAt: Date | null; waiting: boolean; contactName: string }[];
  people: { id: number; name: string; isOnline: boolean; isIdle: boolean; queueIds: number[] | string }[];
  queueRows: { id: number; name: string; color: string }[];
  now: Date;
}

const presenceOf = (p: { isOnline: boolean; isIdle: boolean }): Presence => (!p.isOnline ? 'offline' : p.isIdle ? 'idle' : 'online');
/** array_agg comes back as an array (pg) or its text form (some drivers): both read as numbers. */
const idsOf = (v: number[] | string): number[] => (Array.isArray(v) ? v.map(Number) : v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number));

function assemble({ counts, listed, people, queueRows, now }: Parts): Panel {
  const byUser = new Map<number, PanelUser>();
  for (const p of people)
    byUser.set(p.id, { id: p.id, name: p.name, presence: presenceOf(p), open: 0, pending: 0, waiting: 0, oldestWaitingAt: null, tickets: [] });
  const byQueue = new Map<number | null, PanelQueue>();
  for (const q of queueRows)
    byQueue.set(q.id, { id: q.id, name: q.name, color: q.color, open: 0, pending: 0, unassigned: 0, waiting: 0, oldestWaitingAt: null, agentsOnline: 0, agents: 0 });
  for (const p of people)
    for (const qid of idsOf(p.queueIds)) {
      const q = byQueue.get(qid);
      if (!q) continue;
      q.agents++;
      if (p.isOnline) q.agentsOnline++;
    }
  for (const c of counts) {
    const oldest = iso(c.oldest);
    const u = c.userId === null ? undefined : byUser.get(c.userId);
    if (u) {
      if (c.status === 'open') u.open += c.n;
      else u.pending += c.n;
      u.waiting += c.waiting;
      u.oldestWaitingAt = earliest(u.oldestWaitingAt, oldest);
    }
    let q = byQueue.get(c.queueId);
    if (!q && c.queueId === null) {
      q = { id: null, name: '', color: '#868e96', open: 0, pending: 0, unassigned: 0, waiting: 0, oldestWaitingAt: null, agentsOnline: 0, agents: 0 };
      byQueue.set(null, q);
    }
    if (!q) continue;
    if (c.status === 'open') q.open += c.n;
    else q.pending += c.n;
    if (c.status === 'pending' && c.userId === null) q.unassigned += c.n;
    q.waiting += c.waiting;
    q.oldestWaitingAt = earliest(q.oldestWaitingAt, oldest);
  }
  for (const t of listed) {
    const u = t.userId === null ? undefined : byUser.get(t.userId);
    if (!u || t.status === 'closed') continue;
    const ticket: PanelTicket = { id: t.id, contactName: t.contactName, status: t.status, queueId: t.queueId, lastInboundAt: iso(t.lastInboundAt), waiting: !!t.waiting };
    u.tickets.push(ticket);
  }
  return { users: [...byUser.values()], queues: [...byQueue.values()], at: now.toISOString() };
}
