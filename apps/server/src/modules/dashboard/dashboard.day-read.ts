/**
 * The days of a period the dashboard's cache of past days (dashboard.day-cache.ts) does not hold,
 * read from the tickets in one statement: per local day, the counts and sums of the figures, the
 * sorted durations, the per channel / queue / user counts and the new contacts, by the rules of
 * dashboard.tickets.ts and dashboard.queries.ts.
 */
import { and, eq, exists, sql, type SQLWrapper } from 'drizzle-orm';
import { jsonColumn } from '../../platform/db/json-rows.js';
import { contacts, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { TicketViewer } from '../tickets/tickets.policy.js';
import { dayRunsSql } from './finished-days.js';
import { ticketScopeSql, type DashboardFilter, type Period } from './dashboard.sql.js';

export interface Combo {
  channelId: number | null;
  queueId: number | null;
  userId: number | null;
  n: number;
}
/** One local day's tickets as the figures read them. */
export interface Day {
  created: { n: number; frN: number; frSum: number; fr: Float64Array; within: number; needing: number };
  closed: { n: number; resN: number; resSum: number; res: Float64Array; ratingN: number; ratingSum: number };
  createdBy: Combo[];
  closedBy: Combo[];
  /** Contacts created this day that have a ticket the viewer sees (dashboard.queries.ts's rule). */
  newContacts: number;
}
interface Read {
  created: (Omit<Day['created'], 'fr'> & { fr: number[]; day: number })[];
  closed: (Omit<Day['closed'], 'res'> & { res: number[]; day: number })[];
  createdBy: (Combo & { day: number })[];
  closedBy: (Combo & { day: number })[];
  contacts: { day: number; n: number }[];
}

/** The days numbered in `want` (1 = `from`), read from the tickets in one statement. */
export async function readDays(
  scope: TenantScope,
  viewer: TicketViewer,
  f: DashboardFilter,
  p: Period,
  target: number,
  want: number[],
): Promise<Read> {
  const { head, range } = dayRunsSql({ ...f, tz: p.tz }, want, target);
  return scope.query(async (db, owns) => {
    const visible = ticketScopeSql(db, owns, viewer, f);
    // A contact is new in its day when it has a ticket the viewer sees (of any day).
    const seen = db
      .select({ one: sql`1` })
      .from(tickets)
      .where(and(visible, eq(tickets.contactId, contacts.id)));
    const cols = (list: SQLWrapper[]) => sql.join(list.map((c) => sql`${c}`), sql`, `);
    const combo = sql`channel_id as "channelId", queue_id as "queueId", user_id as "userId"`;
    const res = await db.execute(sql`
      with ${head}, c as materialized (
        select x.* from runs, bounds, lateral (
          select ${cols([tickets.channelId, tickets.queueId, tickets.userId, tickets.status, tickets.createdAt])},
            ${tickets.firstResponseSecs} as fr, width_bucket(${tickets.createdAt}, bounds.b) as d, bounds.overdue
          from ${tickets} where ${visible} and ${range(tickets.createdAt)}) x
      ), k as materialized (
        select x.* from runs, bounds, lateral (
          select ${cols([tickets.channelId, tickets.queueId, tickets.userId, tickets.rating])},
            ${tickets.resolutionSecs} as res, width_bucket(${tickets.closedAt}, bounds.b) as d
          from ${tickets} where ${visible} and ${tickets.status} = 'closed' and ${range(tickets.closedAt)}) x
      )
      select
        (select coalesce(json_agg(r), '[]') from (
          -- The same rules as dashboard.tickets.ts (within the target; needing an answer).
          select d as "day", count(*) as "n", count(fr) as "frN", coalesce(sum(fr), 0) as "frSum",
            coalesce(array_agg(fr order by fr) filter (where fr is not null), '{}') as "fr",
            count(*) filter (where fr <= ${target}) as "within",
            count(*) filter (where fr is not null or (status <> 'closed' and created_at <= overdue)) as "needing"
          from c group by d) r) as "created",
        (select coalesce(json_agg(r), '[]') from (
          select d as "day", count(*) as "n", count(res) as "resN", coalesce(sum(res), 0) as "resSum",
            coalesce(array_agg(res order by res) filter (where res is not null), '{}') as "res",
            count(rating) as "ratingN", coalesce(sum(rating), 0) as "ratingSum"
          from k group by d) r) as "closed",
        (select coalesce(json_agg(r), '[]') from (
          select d as "day", ${combo}, count(*) as "n" from c group by 1, 2, 3, 4) r) as "createdBy",
        (select coalesce(json_agg(r), '[]') from (
          select d as "day", ${combo}, count(*) as "n" from k group by 1, 2, 3, 4) r) as "closedBy",
        (select coalesce(json_agg(r), '[]') from (
          select d as "day", count(*) as "n" from runs, bounds, lateral (
            select width_bucket(${contacts.createdAt}, bounds.b) as d from ${contacts}
            where ${owns(contacts, range(contacts.createdAt), exists(seen))}) x
          group by d) r) as "contacts"`);
    const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    return {
      created: jsonColumn<Read['created']>(row.created),
      closed: jsonColumn<Read['closed']>(row.closed),
      createdBy: jsonColumn<Read['createdBy']>(row.createdBy),
      closedBy: jsonColumn<Read['closedBy']>(row.closedBy),
      contacts: jsonColumn<Read['contacts']>(row.contacts),
    };
  });
}

export const emptyDay = (): Day => ({
  created: { n: 0, frN: 0, frSum: 0, fr: new Float64Array(0), within: 0, needing: 0 },
  closed: { n: 0, resN: 0, resSum: 0, res: new Float64Array(0), ratingN: 0, ratingSum: 0 },
  createdBy: [],
  closedBy: [],
  newContacts: 0,
});

export function daysFrom(read: Read): Map<number, Day> {
  const out = new Map<number, Day>();
  const at = (d: number) => {
    let day = out.get(d);
    if (!day) out.set(d, (day = emptyDay()));
    return day;
  };
  for (const r of read.created) {
    const { day, ...v } = r;
    at(day).created = { ...v, fr: Float64Array.from(v.fr), n: Number(v.n), frN: Number(v.frN), frSum: Number(v.frSum), within: Number(v.within), needing: Number(v.needing) };
  }
  for (const r of read.closed) {
    const { day, ...v } = r;
    at(day).closed = { ...v, res: Float64Array.from(v.res), n: Number(v.n), resN: Number(v.resN), resSum: Number(v.resSum), ratingN: Number(v.ratingN), ratingSum: Number(v.ratingSum) };
  }
  for (const { day, ...c } of read.createdBy) at(day).createdBy.push(c);
  for (const { day, ...c } of read.closedBy) at(day).closedBy.push(c);
  for (const r of read.contacts) at(r.day).newContacts = Number(r.n);
  return out;
}
