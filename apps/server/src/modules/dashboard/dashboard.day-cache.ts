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
import { sql } from 'drizzle-orm';
import { jsonColumn } from '../../platform/db/json-rows.js';
import { dashboardTicketChanges } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { walletRulesApply, type TicketViewer } from '../tickets/tickets.policy.js';
import { daysFrom, emptyDay, readDays, type Combo, type Day } from './dashboard.day-read.js';
import { pair, pairOfTwo, sortedOf } from './dashboard.percentiles.js';
import type { DashboardFilter, Period } from './dashboard.sql.js';
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
        (select coalesce(json_agg(distinct to_char(i at time zone ${tz}, 'YYYY-MM-DD')), '[]')
          from ${dashboardTicketChanges}, unnest(${dashboardTicketChanges.instants}) i
          where ${owns(dashboardTicketChanges, sql`${dashboardTicketChanges.xid} >= ${xmin}`)}) as "days",
        (select json_agg(extract(epoch from ((d::date + 1)::timestamp at time zone ${tz})) * 1000 order by d)
          from generate_series(${dayList[0]}::date, ${dayList.at(-1)}::date, interval '1 day') d) as "ends"`);
    return (res as unknown as { rows: { xmin: string | number; days: unknown; ends: unknown }[] }).rows;
  });
  return {
    xmin: Number(row?.xmin ?? 0),
    days: new Set(jsonColumn<string[]>(row?.days)),
    ends: jsonColumn<(number | string)[]>(row?.ends).map(Number),
  };
}

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
      ? daysFrom(await readDays(scope, viewer, f, p, target, want))
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
