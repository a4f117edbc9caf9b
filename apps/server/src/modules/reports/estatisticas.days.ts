/**
 * estatisticas-atendimentos-usuarios for a long period from the cache of finished days
 * (dashboard/finished-days.ts; README "Reports"). What an agent did in a period is not a sum of
 * days (a ticket taken on two days is attended once; its resolution is its last close in the
 * period), so each finished local day keeps its work as (agent, ticket) entries: taken that day,
 * transferred that day, the resolution of its last close that day. The period is their union: per
 * agent the distinct tickets, and per ticket the latest close, which is the largest resolution.
 * First responses (per the agent who wrote first, over the tickets created that day) and ratings
 * (given that day, per the ticket's agent) are sums of days. A day's work is the report's own
 * definition (workWithin over the day's bounds), so the figures equal its statement's; the
 * triggers of migrations 0042 and 0043 name the days of every change of a ticket, its log or its
 * work. A contact tag filter reads the database every time: tags change without telling the cache.
 */
import type { ServiceStatsFigures, TicketReportFilter } from '@prosa/contracts';
import { inArray, sql } from 'drizzle-orm';
import { jsonColumn } from '../../platform/db/json-rows.js';
import { ticketAgentWork, ticketLogs, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { percentileOfTwo, sortedOf } from '../dashboard/dashboard.percentiles.js';
import { firstResponseSecs } from '../dashboard/dashboard.sql.js';
import { bytesOf, dayRunsSql, finishedDays, ruleKey, usesDayCache } from '../dashboard/finished-days.js';
import type { Part } from './estatisticas-atendimentos-usuarios.report.js';
import { visibleWork, withWhole, WORK_LOG_TYPES, workWithin } from './estatisticas.work.js';
import { ticketReportScope, type TicketReportViewer } from './ticket-reports.filter.js';

/**
 * A day's work entries, aligned: agent (0: the whole), ticket, taken (1) | transferred (2) |
 * single (4: all of the agent's work on the ticket is on this day), resolution (NaN: no close).
 */
interface Work {
  u: Int32Array;
  t: Int32Array;
  f: Uint8Array;
  r: Float64Array;
}
interface Day {
  work: Work;
  /** First responses of the tickets created that day, per the agent who wrote first (sorted). */
  fr: { uid: number | null; v: Float64Array }[];
  /** Ratings given that day, per the ticket's agent. */
  rt: { uid: number | null; n: number; sum: number }[];
}
const emptyDay = (): Day => ({
  work: { u: new Int32Array(0), t: new Int32Array(0), f: new Uint8Array(0), r: new Float64Array(0) },
  fr: [],
  rt: [],
});

/** Whether a period of `days` is read through the cache. */
export const statsFromDayCache = (days: number, viewer: TicketReportViewer, f: TicketReportFilter) =>
  f.tagIds.length === 0 && usesDayCache(days, viewer.tickets);

type Raw = Record<string, unknown>;

/** Up to this many days are read ticket by ticket. */
const FEW_DAYS = 31;

async function readDays(
  scope: TenantScope,
  viewer: TicketReportViewer,
  f: TicketReportFilter,
  want: number[],
): Promise<Map<number, Day>> {
  const { head, range } = dayRunsSql({ ...f, tz: viewer.timeZone }, want, 0);
  const w = ticketAgentWork;
  const res = await scope.query((db, owns) => {
    const scoped = ticketReportScope(db, owns, viewer, { ...f, userIds: [] });
    const agents = (col: unknown) => (f.userIds.length ? inArray(sql`${col}`, f.userIds) : sql`true`);
    const x = workWithin(sql`bounds.b[c.d]`, sql`bounds.b[c.d + 1]`);
    // Single: all of this row's work is on this one day, so no other day holds it.
    const cols = sql`${w.ticketId} as ticket_id, ${w.userId} as uid, ${w.ticketCreatedAt} as created, c.d,
      ${x.attended} as attended, ${x.closedAt} as closed_at, ${x.transferred} as transferred,
      width_bucket(${w.firstAt}, bounds.b) = width_bucket(${w.lastAt}, bounds.b) as single`;
    const l = ticketLogs;
    // Each day's work rows. A few days: the tickets whose log has a row of a kind the work counts
    // that day (the rows the work trigger reads; index ticket_logs (tenant_id, type,
    // created_at)), their work rows looked up by primary key ("offset 0": PostgreSQL cannot know
    // how few and would hash the company's work rows). A work row of a day without such a log row
    // has nothing in that day, whatever its span. Many days: every work row whose span meets a
    // run, on each day of it that the span meets (most rows: one day), in one pass.
    const rows =
      want.length <= FEW_DAYS
        ? sql`c as materialized (
            select distinct y.ticket_id, y.d from runs, bounds, lateral (
              select ${l.ticketId} as ticket_id, width_bucket(${l.createdAt}, bounds.b) as d from ${l}
              where ${owns(l, inArray(l.type, WORK_LOG_TYPES), range(l.createdAt))}) y
          ), w as materialized (
            select y.* from c, bounds, lateral (
              select ${cols} from ${w}
              where ${owns(w, sql`${w.ticketId} = c.ticket_id`)} and ${visibleWork(db, owns, viewer, f)} offset 0) y
          )`
        : sql`w as materialized (
            select y.* from runs, bounds, lateral (
              select ${cols}
              from ${w}, generate_series(greatest(runs.lo, width_bucket(${w.firstAt}, bounds.b)),
                least(runs.hi, width_bucket(${w.lastAt}, bounds.b))) c(d)
              where ${owns(w, sql`${w.lastAt} >= bounds.b[runs.lo] and ${w.firstAt} < bounds.b[runs.hi + 1]`)}
                and ${visibleWork(db, owns, viewer, f)}) y
          )`;
    return db.execute(sql`
      with ${head}, ${rows}
      , per as (${withWhole(f.userIds.length === 0, true)})
      select
        (select coalesce(json_agg(z), '[]') from (
          select d as "day", json_agg(uid order by uid, ticket_id) as "u", json_agg(ticket_id order by uid, ticket_id) as "t",
            json_agg((case when attended then 1 else 0 end) + (case when transferred then 2 else 0 end)
              + (case when single then 4 else 0 end) order by uid, ticket_id) as "f",
            json_agg(case when closed_at is not null then greatest(0, date_part('epoch', closed_at - created)) end
              order by uid, ticket_id) as "r"
          from per where attended or closed_at is not null or transferred group by d) z) as "work",
        (select coalesce(json_agg(z), '[]') from (
          select d as "day", fru as "uid", array_agg(fr order by fr) as "v" from runs, bounds, lateral (
            select ${tickets.firstResponseUserId} as fru, ${firstResponseSecs} as fr,
              width_bucket(${tickets.createdAt}, bounds.b) as d
            from ${tickets}
            where ${scoped} and ${range(tickets.createdAt)} and ${firstResponseSecs} is not null
              and ${agents(tickets.firstResponseUserId)}) y
          group by 1, 2) z) as "fr",
        (select coalesce(json_agg(z), '[]') from (
          select d as "day", uid, count(*) as "n", sum(rating) as "sum" from runs, bounds, lateral (
            select ${tickets.userId} as uid, ${tickets.rating} as rating, width_bucket(${tickets.ratedAt}, bounds.b) as d
            from ${tickets}
            where ${scoped} and ${range(tickets.ratedAt)} and ${tickets.rating} is not null
              and ${agents(tickets.userId)}) y
          group by 1, 2) z) as "rt"`);
  });
  const [row] = (res as unknown as { rows: Raw[] }).rows;
  const out = new Map<number, Day>();
  const at = (d: number) => {
    let day = out.get(d);
    if (!day) out.set(d, (day = emptyDay()));
    return day;
  };
  type WorkRead = { day: number; u: number[]; t: number[]; f: number[]; r: (number | null)[] };
  for (const x of jsonColumn<WorkRead[]>(row?.work)) {
    at(x.day).work = {
      u: Int32Array.from(x.u),
      t: Int32Array.from(x.t),
      f: Uint8Array.from(x.f),
      r: Float64Array.from(x.r, (v) => (v === null ? Number.NaN : Number(v))),
    };
  }
  for (const x of jsonColumn<{ day: number; uid: number | null; v: number[] }[]>(row?.fr)) {
    at(x.day).fr.push({ uid: x.uid, v: Float64Array.from(x.v) });
  }
  for (const x of jsonColumn<{ day: number; uid: number | null; n: number; sum: number }[]>(row?.rt)) {
    at(x.day).rt.push({ uid: x.uid, n: Number(x.n), sum: Number(x.sum) });
  }
  return out;
}

/**
 * One agent's (or the whole's) work over a set of days. Single entries (all of that agent's work
 * on the ticket in one day: most) are counted; the others are kept as distinct tickets, each
 * close's latest resolution.
 */
interface AgentWork {
  single: { attended: number; transferred: number; closed: number };
  attended: Int32Array;
  transferred: Int32Array;
  /** Closed tickets of the other entries (sorted) and their resolution, aligned. */
  closed: Int32Array;
  closedRes: Float64Array;
  /** Every resolution, singles' and the others', sorted. */
  res: Float64Array;
}

interface Acc {
  single: { attended: number; transferred: number; closed: number };
  singleRes: number[];
  attended: Set<number>;
  transferred: Set<number>;
  closed: Map<number, number>;
}
function accumulate(days: Day[]): Map<number, Acc> {
  const by = new Map<number, Acc>();
  for (const { work } of days) {
    for (let i = 0; i < work.u.length; i++) {
      const u = work.u[i]!;
      let a = by.get(u);
      if (!a) {
        a = {
          single: { attended: 0, transferred: 0, closed: 0 },
          singleRes: [],
          attended: new Set(),
          transferred: new Set(),
          closed: new Map(),
        };
        by.set(u, a);
      }
      const f = work.f[i]!;
      const r = work.r[i]!;
      if (f & 4) {
        // No other day holds it: counted, no ticket kept.
        if (f & 1) a.single.attended++;
        if (f & 2) a.single.transferred++;
        if (!Number.isNaN(r)) {
          a.single.closed++;
          a.singleRes.push(r);
        }
        continue;
      }
      const t = work.t[i]!;
      if (f & 1) a.attended.add(t);
      if (f & 2) a.transferred.add(t);
      if (!Number.isNaN(r) && !(a.closed.get(t)! >= r)) a.closed.set(t, r);
    }
  }
  return by;
}

const sortedInts = (s: Iterable<number>) => Int32Array.from(s).sort();
function agentWorkOf(a: Acc): AgentWork {
  const closed = sortedInts(a.closed.keys());
  const closedRes = Float64Array.from(closed, (t) => a.closed.get(t)!);
  return {
    single: a.single,
    attended: sortedInts(a.attended),
    transferred: sortedInts(a.transferred),
    closed,
    closedRes,
    res: sortedOf([Float64Array.from(a.singleRes), closedRes]),
  };
}

/** The index of `x` in the sorted `list`, or -1. */
function indexOf(list: Int32Array, x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] === x ? lo : -1;
}

/** Every value of the sorted `list` but one occurrence of each of `drop` (sorted). */
function without(list: Float64Array, drop: Float64Array): Float64Array {
  const out = new Float64Array(list.length - drop.length);
  let j = 0;
  let o = 0;
  for (const v of list) {
    if (j < drop.length && v === drop[j]) j++;
    else out[o++] = v;
  }
  return out;
}

const none = new Float64Array(0);
const EMPTY_WORK: AgentWork = {
  single: { attended: 0, transferred: 0, closed: 0 },
  attended: new Int32Array(0),
  transferred: new Int32Array(0),
  closed: new Int32Array(0),
  closedRes: none,
  res: none,
};

/** The work figures of the kept days (`kept`) and the others (`now`) together. */
function workFigures(kept: AgentWork, now: Acc | undefined): Partial<ServiceStatsFigures> {
  const newOf = (list: Int32Array, s: Set<number> | undefined) => {
    let n = 0;
    for (const t of s ?? []) if (indexOf(list, t) < 0) n++;
    return n;
  };
  const added: number[] = [...(now?.singleRes ?? [])];
  const dropped: number[] = [];
  let closed = kept.single.closed + kept.closed.length + (now?.single.closed ?? 0);
  for (const [t, r] of now?.closed ?? []) {
    const i = indexOf(kept.closed, t);
    if (i < 0) {
      closed++;
      added.push(r);
    } else if (r > kept.closedRes[i]!) {
      dropped.push(kept.closedRes[i]!);
      added.push(r);
    }
  }
  const res = dropped.length ? without(kept.res, Float64Array.from(dropped).sort()) : kept.res;
  return {
    attended:
      kept.single.attended + kept.attended.length + (now?.single.attended ?? 0) + newOf(kept.attended, now?.attended),
    transferred:
      kept.single.transferred +
      kept.transferred.length +
      (now?.single.transferred ?? 0) +
      newOf(kept.transferred, now?.transferred),
    closed,
    resolutionCount: closed,
    resolutionP50: percentileOfTwo(res, Float64Array.from(added).sort(), 0.5),
  };
}

/** First responses per agent key ('all' for the whole), the lists of each. */
function firstResponses(days: Day[]): Map<string, Float64Array[]> {
  const by = new Map<string, Float64Array[]>();
  const add = (k: string, v: Float64Array) => {
    const l = by.get(k);
    if (l) l.push(v);
    else by.set(k, [v]);
  };
  for (const d of days) {
    for (const g of d.fr) {
      add('all', g.v);
      add(String(g.uid), g.v);
    }
  }
  return by;
}

/**
 * The report's parts (estatisticas-atendimentos-usuarios.report.ts's shape: per agent and the
 * whole) from finished days kept and the rest read now.
 */
export async function cachedStatsParts(
  scope: TenantScope,
  viewer: TicketReportViewer,
  f: TicketReportFilter,
  dayList: string[],
): Promise<Part[]> {
  const { from: _from, to: _to, pageNumber: _n, pageSize: _s, ...filters } = f as TicketReportFilter & {
    pageNumber?: number;
    pageSize?: number;
  };
  const { all, rest, merged } = await finishedDays(scope, {
    key: ['estatisticas', viewer.timeZone, ruleKey(viewer.tickets), filters],
    tz: viewer.timeZone,
    dayList,
    settleSecs: 0,
    read: (want) => readDays(scope, viewer, f, want),
    empty: emptyDay,
    // Per agent, the kept days' work as sorted lists and their first responses sorted: made once
    // per set of days.
    merge: (cached) => ({
      work: new Map([...accumulate(cached)].map(([u, a]) => [u, agentWorkOf(a)])),
      fr: new Map([...firstResponses(cached)].map(([k, l]) => [k, sortedOf(l)])),
    }),
    bytes: (d) => bytesOf([d.work.u, d.work.t, d.work.f, d.work.r, ...d.fr.map((g) => g.v)], d.rt.length),
    mergedBytes: (m) =>
      bytesOf([
        ...[...m.work.values()].flatMap((w) => [w.attended, w.transferred, w.closed, w.closedRes, w.res]),
        ...m.fr.values(),
      ]),
  });
  const parts: Part[] = [];
  const idOf = (k: string | number) => (k === 'null' ? null : Number(k));
  // Work: per agent, and the whole (0).
  const now = accumulate(rest);
  for (const u of new Set([...merged.work.keys(), ...now.keys()])) {
    const figures = workFigures(merged.work.get(u) ?? EMPTY_WORK, now.get(u));
    if (!figures.attended && !figures.closed && !figures.transferred) continue;
    parts.push({ whole: u === 0, userId: u === 0 ? null : u, figures });
  }
  // First responses: the whole over all, each agent (the group without one is left to the whole).
  const frNow = firstResponses(rest);
  for (const k of new Set([...merged.fr.keys(), ...frNow.keys()])) {
    const kept = merged.fr.get(k) ?? none;
    const later = sortedOf(frNow.get(k) ?? []);
    parts.push({
      whole: k === 'all',
      userId: k === 'all' ? null : idOf(k),
      figures: { firstResponseCount: kept.length + later.length, firstResponseP50: percentileOfTwo(kept, later, 0.5) },
    });
  }
  // Ratings: sums of days.
  const rt = new Map<string, { n: number; sum: number }>();
  for (const d of all) {
    for (const g of d.rt) {
      for (const k of ['all', String(g.uid)]) {
        const x = rt.get(k) ?? { n: 0, sum: 0 };
        x.n += g.n;
        x.sum += g.sum;
        rt.set(k, x);
      }
    }
  }
  for (const [k, x] of rt) {
    parts.push({
      whole: k === 'all',
      userId: k === 'all' ? null : idOf(k),
      figures: { ratingCount: x.n, ratingAverage: x.n ? x.sum / x.n : null },
    });
  }
  return parts;
}
