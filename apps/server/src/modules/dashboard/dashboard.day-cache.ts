/**
 * The dashboard's ticket figures for a long period, from a cache of past days (README
 * "Dashboard"): exact percentiles over a year of tickets cost PostgreSQL about 60 ms per figure
 * and per request, and five requests at once on two cores queued for seconds. A past day's
 * figures change only when one of its tickets does, so each process keeps, per company, viewer
 * and filter, every finished day's tickets as the figures need them (counts, sums, the sorted
 * durations, the per channel / queue / user counts) and reads again only the days that a change
 * touched since (dashboard_ticket_changes, written by a trigger on tickets) and the days not yet
 * finished. Percentiles are computed here over the same values as percentile_cont would, so the
 * figures are the same as dashboard.tickets.ts reads; the test holds them equal after changes.
 *
 * Which changes were seen: each read notes the xmin of its snapshot (every transaction below it
 * had ended). The next read asks for the changes of transactions from that xmin on, so a write
 * that was still running, or committed between this read's statements, is read again, never
 * missed (a day may be read twice, never kept stale).
 */
import { and, eq, exists, sql, type SQLWrapper } from 'drizzle-orm';
import { jsonColumn } from '../../platform/db/json-rows.js';
import { contacts, dashboardTicketChanges, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { walletRulesApply, type TicketViewer } from '../tickets/tickets.policy.js';
import { ticketScopeSql, type DashboardFilter, type Period } from './dashboard.sql.js';
import type { ClosedRow, CreatedRow, GroupRow, TicketFigures } from './dashboard.tickets.js';

/** Periods longer than this many days read their past days from the cache. */
export const CACHED_PERIOD_MIN_DAYS = 62;
let minDays = CACHED_PERIOD_MIN_DAYS;
/** For tests: read periods longer than `n` days through the cache (Infinity: never). */
export function setCachedPeriodMinDays(n = CACHED_PERIOD_MIN_DAYS) {
  minDays = n;
}
/**
 * Companies x viewers x filters kept per process; the least recently read goes first. A year of
 * the bench's 200,000 tickets is about 6 MB an entry (its durations as float arrays, twice).
 */
const MAX_ENTRIES = 24;
/** An entry not read for this long is dropped (the changes it would need are pruned after a day). */
const ENTRY_TTL_MS = 60 * 60_000;

interface Combo {
  channelId: number | null;
  queueId: number | null;
  userId: number | null;
  n: number;
}
/** One local day's tickets as the figures read them. */
interface Day {
  created: { n: number; frN: number; frSum: number; fr: Float64Array; within: number; needing: number };
  closed: { n: number; resN: number; resSum: number; res: Float64Array; ratingN: number; ratingSum: number };
  createdBy: Combo[];
  closedBy: Combo[];
  /** Contacts created this day that have a ticket the viewer sees (dashboard.queries.ts's rule). */
  newContacts: number;
}
interface Entry {
  /** Finished days by local date (yyyy-MM-dd). */
  days: Map<string, Day>;
  /** Changes of transactions from this xid on may not be in `days`. */
  xmin: number;
  /** When it was last read (epoch ms). */
  usedAt: number;
  /** Bumped whenever `days` changes. */
  version: number;
  /** The sorted durations of the cached days of the last period read, while `sig` holds. */
  merged?: { sig: string; fr: Float64Array; res: Float64Array };
}

const entries = new Map<string, Entry>();

/**
 * Whether a period of `days` is read through the cache: a long one, for a viewer whose rule reads
 * only the ticket's own columns that the trigger watches: the wallet rules read contact_wallets
 * and the chatbot rule the bot's state, which change without telling the cache; those viewers
 * read every day from the database.
 */
export function usesDayCache(days: number, viewer: TicketViewer): boolean {
  return days > minDays && cacheable(viewer);
}

function cacheable(viewer: TicketViewer): boolean {
  if (walletRulesApply(viewer)) return false;
  return !(viewer.settings.NotViewTicketsChatBot && !viewer.isAdmin);
}

/** percentile_cont over sorted values: linear between the two nearest ranks; null when none. */
export function percentileCont(sorted: ArrayLike<number>, p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const pos = p * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo]!;
  return hi === lo ? a : a + (sorted[hi]! - a) * (pos - lo);
}
/** Every value of the lists, sorted. */
function sortedOf(lists: Float64Array[]): Float64Array {
  let n = 0;
  for (const l of lists) n += l.length;
  const out = new Float64Array(n);
  let at = 0;
  for (const l of lists) {
    out.set(l, at);
    at += l.length;
  }
  return out.sort();
}

/** The k-th smallest (0-based) of two sorted arrays together, by bisecting how many come from `a`. */
export function kthOfTwo(a: ArrayLike<number>, b: ArrayLike<number>, k: number): number {
  let lo = Math.max(0, k + 1 - b.length);
  let hi = Math.min(k + 1, a.length);
  while (lo < hi) {
    const i = (lo + hi) >> 1; // take i from a, k + 1 - i from b
    if (a[i]! < b[k - i]!) lo = i + 1;
    else hi = i;
  }
  const i = lo;
  const fromA = i > 0 ? a[i - 1]! : Number.NEGATIVE_INFINITY;
  const fromB = k + 1 - i > 0 ? b[k - i]! : Number.NEGATIVE_INFINITY;
  return Math.max(fromA, fromB);
}

/** percentile_cont over two sorted arrays taken together. */
export function percentileOfTwo(a: ArrayLike<number>, b: ArrayLike<number>, p: number): number | null {
  const n = a.length + b.length;
  if (n === 0) return null;
  const pos = p * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const x = kthOfTwo(a, b, lo);
  return hi === lo ? x : x + (kthOfTwo(a, b, hi) - x) * (pos - lo);
}
const pairOfTwo = ([a, b]: [Float64Array, Float64Array]): [number, number] | null => {
  const p50 = percentileOfTwo(a, b, 0.5);
  return p50 === null ? null : [p50, percentileOfTwo(a, b, 0.9)!];
};

const pair = (sorted: ArrayLike<number>): [number, number] | null => {
  const p50 = percentileCont(sorted, 0.5);
  return p50 === null ? null : [p50, percentileCont(sorted, 0.9)!];
};

function keyOf(tenantId: number, viewer: TicketViewer, f: DashboardFilter, tz: string, target: number): string {
  const { from: _from, to: _to, ...filters } = f;
  const { pageSizes: _sizes, ...rule } = viewer;
  return JSON.stringify([tenantId, tz, target, rule, filters]);
}

function entryFor(key: string): Entry | undefined {
  const e = entries.get(key);
  if (!e) return undefined;
  if (Date.now() - e.usedAt > ENTRY_TTL_MS) {
    entries.delete(key);
    return undefined;
  }
  // Most recently read last: Map keeps insertion order.
  entries.delete(key);
  entries.set(key, e);
  return e;
}

function remember(key: string, e: Entry) {
  entries.set(key, e);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** For tests: forget every cached day. */
export function clearDayCache() {
  entries.clear();
}

interface Read {
  created: (Omit<Day['created'], 'fr'> & { fr: number[]; day: number })[];
  closed: (Omit<Day['closed'], 'res'> & { res: number[]; day: number })[];
  createdBy: (Combo & { day: number })[];
  closedBy: (Combo & { day: number })[];
  contacts: { day: number; n: number }[];
}

/** The days numbered in `want` (1 = `from`), read from the tickets in one statement. */
async function readDays(
  scope: TenantScope,
  viewer: TicketViewer,
  f: DashboardFilter,
  p: Period,
  target: number,
  want: number[],
): Promise<Read> {
  // The days wanted as runs of consecutive days: one index range each (a cold read is one run of
  // the whole period; a few changed days a few short ones, not the span between them).
  const los: number[] = [];
  const his: number[] = [];
  for (const d of [...want].sort((x, y) => x - y)) {
    if (his.length && his.at(-1) === d - 1) his[his.length - 1] = d;
    else {
      los.push(d);
      his.push(d);
    }
  }
  return scope.query(async (db, owns) => {
    const visible = ticketScopeSql(db, owns, viewer, f);
    // A contact is new in its day when it has a ticket the viewer sees (of any day).
    const seen = db
      .select({ one: sql`1` })
      .from(tickets)
      .where(and(ticketScopeSql(db, owns, viewer, f), eq(tickets.contactId, contacts.id)));
    const cols = (list: SQLWrapper[]) => sql.join(list.map((c) => sql`${c}`), sql`, `);
    // A run's edges are the first and last of its local midnights, known only when the statement
    // runs: given as constants, PostgreSQL estimated a year's tickets and read the table instead
    // of the index that holds every column read.
    const range = (col: SQLWrapper) => sql`(${col} >= bounds.b[runs.lo] and ${col} < bounds.b[runs.hi + 1])`;
    const intList = (list: number[]) => `{${list.join(',')}}`;
    const combo = sql`channel_id as "channelId", queue_id as "queueId", user_id as "userId"`;
    const res = await db.execute(sql`
      with bounds as materialized (
        select array(select (d::timestamp at time zone ${p.tz})
          from generate_series(${f.from}::date, ${f.to}::date + 1, interval '1 day') d) as b,
          now() - make_interval(secs => ${target}) as overdue
      ), runs as (
        select lo, hi from unnest(${intList(los)}::int[], ${intList(his)}::int[]) r(lo, hi)
      ), c as materialized (
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

const emptyDay = (): Day => ({
  created: { n: 0, frN: 0, frSum: 0, fr: new Float64Array(0), within: 0, needing: 0 },
  closed: { n: 0, resN: 0, resSum: 0, res: new Float64Array(0), ratingN: 0, ratingSum: 0 },
  createdBy: [],
  closedBy: [],
  newContacts: 0,
});

function daysFrom(read: Read, count: number): Map<number, Day> {
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
  for (let d = 1; d <= count; d++) at(d);
  return out;
}

/**
 * In one statement: this snapshot's xmin, the local days that changes of transactions from `xmin`
 * on touched, and the end (the next local midnight, epoch ms) of each day of the period.
 */
async function changesSince(
  scope: TenantScope,
  xmin: number,
  tz: string,
  dayList: string[],
): Promise<{ xmin: number; days: Set<string>; ends: number[] }> {
  const [row] = await scope.query(async (db, owns) => {
    const res = await db.execute(sql`
      select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as "xmin",
        (select coalesce(array_agg(distinct to_char(i at time zone ${tz}, 'YYYY-MM-DD')), '{}')
          from ${dashboardTicketChanges}, unnest(${dashboardTicketChanges.instants}) i
          where ${owns(dashboardTicketChanges, sql`${dashboardTicketChanges.xid} >= ${xmin}`)}) as "days",
        array(select extract(epoch from ((d::date + 1)::timestamp at time zone ${tz})) * 1000
          from generate_series(${dayList[0]}::date, ${dayList.at(-1)}::date, interval '1 day') d) as "ends"`);
    return (res as unknown as { rows: { xmin: string | number; days: unknown; ends: unknown }[] }).rows;
  });
  return { xmin: Number(row?.xmin ?? 0), days: new Set(listOf(row?.days)), ends: listOf(row?.ends).map(Number) };
}

/** An array column as node-postgres parses it, or PGlite's text form. */
const listOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : String(v ?? '{}').replace(/[{}"]/g, '').split(',').filter(Boolean);

/** One read at a time per entry: two reads of one entry must not keep an older snapshot's day. */
const running = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = running.get(key) ?? Promise.resolve();
  const next = before.then(run, run);
  const settled = next.catch(() => undefined);
  running.set(key, settled);
  void settled.then(() => {
    if (running.get(key) === settled) running.delete(key);
  });
  return next;
}

/**
 * The ticket figures of a long period (dashboard.tickets.ts's shape): finished days from the
 * cache, the rest read now.
 */
export async function cachedTicketFigures(
  scope: TenantScope,
  viewer: TicketViewer,
  f: DashboardFilter,
  p: Period,
  dayList: string[],
  target: number,
): Promise<TicketFigures & { newContacts: number }> {
  const key = keyOf(scope.tenantId, viewer, f, p.tz, target);
  return oneAtATime(key, async () => {
    const had = entryFor(key);
    const seen = await changesSince(scope, had?.xmin ?? Number.MAX_SAFE_INTEGER, p.tz, dayList);
    const entry: Entry = had ?? { days: new Map(), xmin: seen.xmin, usedAt: Date.now(), version: 0 };
    for (const d of seen.days) if (entry.days.delete(d)) entry.version++;
    entry.xmin = seen.xmin;
    entry.usedAt = Date.now();

    const want: number[] = [];
    dayList.forEach((d, i) => {
      if (!entry.days.has(d)) want.push(i + 1);
    });
    const fresh = want.length
      ? daysFrom(await readDays(scope, viewer, f, p, target, want), 0)
      : new Map<number, Day>();
    // A day is kept once its local end and the target after it have passed: its "needing an
    // answer" no longer moves with the clock.
    const finishedBefore = Date.now() - target * 1000 - 60_000;
    // The cached days' durations, sorted once per set of days; the others' sorted per read.
    const sig = `${dayList[0]}|${dayList.at(-1)}|${entry.version}`;
    if (entry.merged?.sig !== sig) {
      const cached = dayList.flatMap((d) => entry.days.get(d) ?? []);
      entry.merged = {
        sig,
        fr: sortedOf(cached.map((d) => d.created.fr)),
        res: sortedOf(cached.map((d) => d.closed.res)),
      };
    }
    const merged = entry.merged;
    const rest: Day[] = [];
    const all: Day[] = dayList.map((d, i) => {
      const kept = entry.days.get(d);
      if (kept) return kept;
      const day = fresh.get(i + 1) ?? emptyDay();
      rest.push(day);
      if (seen.ends[i]! < finishedBefore) {
        entry.days.set(d, day);
        entry.version++;
      }
      return day;
    });
    remember(key, entry);
    return figuresOf(all, {
      fr: [merged.fr, sortedOf(rest.map((d) => d.created.fr))],
      res: [merged.res, sortedOf(rest.map((d) => d.closed.res))],
    });
  });
}

function groupsOf(all: Day[]): GroupRow[] {
  const out: GroupRow[] = [];
  const sets: [number, (c: Combo) => number | null][] = [
    [3, (c) => c.channelId],
    [5, (c) => c.queueId],
    [6, (c) => c.userId],
  ];
  for (const [set, idOf] of sets) {
    const by = new Map<number | null, GroupRow>();
    const add = (c: Combo, field: 'created' | 'closed') => {
      const id = idOf(c);
      let g = by.get(id);
      if (!g) {
        g = { set, channelId: set === 3 ? id : null, queueId: set === 5 ? id : null, userId: set === 6 ? id : null, created: 0, closed: 0 };
        by.set(id, g);
      }
      g[field] += Number(c.n);
    };
    for (const day of all) {
      for (const c of day.createdBy) add(c, 'created');
      for (const c of day.closedBy) add(c, 'closed');
    }
    out.push(...by.values());
  }
  return out;
}

function figuresOf(
  all: Day[],
  totals: { fr: [Float64Array, Float64Array]; res: [Float64Array, Float64Array] },
): TicketFigures & { newContacts: number } {
  const created: CreatedRow[] = [];
  const closed: ClosedRow[] = [];
  const sumC = emptyDay().created;
  const sumK = emptyDay().closed;
  all.forEach((day, i) => {
    const c = day.created;
    const k = day.closed;
    if (c.n > 0) {
      created.push({
        day: i + 1,
        n: c.n,
        frN: c.frN,
        frAvg: c.frN ? c.frSum / c.frN : null,
        frP: pair(c.fr),
        within: c.within,
        needing: c.needing,
      });
    }
    if (k.n > 0) {
      closed.push({
        day: i + 1,
        n: k.n,
        resAvg: k.resN ? k.resSum / k.resN : null,
        resP: pair(k.res),
        ratingN: k.ratingN,
        ratingAvg: k.ratingN ? k.ratingSum / k.ratingN : null,
      });
    }
    sumC.n += c.n;
    sumC.frN += c.frN;
    sumC.frSum += c.frSum;
    sumC.within += c.within;
    sumC.needing += c.needing;
    sumK.n += k.n;
    sumK.resN += k.resN;
    sumK.resSum += k.resSum;
    sumK.ratingN += k.ratingN;
    sumK.ratingSum += k.ratingSum;
  });
  created.push({
    day: null,
    n: sumC.n,
    frN: sumC.frN,
    frAvg: sumC.frN ? sumC.frSum / sumC.frN : null,
    frP: pairOfTwo(totals.fr),
    within: sumC.within,
    needing: sumC.needing,
  });
  closed.push({
    day: null,
    n: sumK.n,
    resAvg: sumK.resN ? sumK.resSum / sumK.resN : null,
    resP: pairOfTwo(totals.res),
    ratingN: sumK.ratingN,
    ratingAvg: sumK.ratingN ? sumK.ratingSum / sumK.ratingN : null,
  });
  return { created, closed, groups: groupsOf(all), newContacts: all.reduce((n, d) => n + d.newContacts, 0) };
}
