/**
 * A per-process cache of finished local days, for figures over long periods (README "Dashboard",
 * "Reports"): the dashboard (dashboard.day-cache.ts) and relatorio-tickets' totals
 * (reports/relatorio-tickets.days.ts). Exact percentiles over a year of tickets cost PostgreSQL
 * about 60 ms per figure and per request, and five requests at once on two cores queued for
 * seconds. A past day's figures change only when one of its tickets does, so each process keeps,
 * per figure kind, company, viewer and filter, every finished day as the figures need it and
 * reads again only the days that a change touched since (dashboard_ticket_changes, written by
 * triggers on tickets and contacts: migration 0042) and the days not yet finished.
 *
 * Which changes were seen: each read notes the xmin of its snapshot (every transaction below it
 * had ended). The next read asks for the changes of transactions from that xmin on, so a write
 * that was still running, or committed between this read's statements, is read again, never
 * missed (a day may be read twice, never kept stale).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { jsonColumn } from '../../platform/db/json-rows.js';
import { dashboardTicketChanges } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { walletRulesApply, type TicketViewer } from '../tickets/tickets.policy.js';

/** Periods longer than this many days read their past days from the cache. */
export const CACHED_PERIOD_MIN_DAYS = 62;
let minDays = CACHED_PERIOD_MIN_DAYS;
/** For tests: read periods longer than `n` days through the cache (Infinity: never). */
export function setCachedPeriodMinDays(n = CACHED_PERIOD_MIN_DAYS) {
  minDays = n;
}
/**
 * Entries kept per process, and the memory they may hold together (their typed arrays, as each
 * kind counts them); past either, the least recently read go first. A year of the bench's 200,000
 * tickets is 6-15 MB an entry (the dashboard's about 6; estatisticas' and relatorio-tickets' about
 * 15 for an admin, 7 for a supervisor of half the queues: bench/reports-service.ts prints it).
 */
const MAX_ENTRIES = 24;
const MAX_BYTES = 160 * 2 ** 20;
let maxBytes = MAX_BYTES;
/** For tests: the memory the entries may hold together. */
export function setDayCacheBudget(bytes = MAX_BYTES) {
  maxBytes = bytes;
}
/** An entry not read for this long is dropped (the changes it would need are pruned after a day). */
const ENTRY_TTL_MS = 60 * 60_000;

interface Entry<D, M> {
  /** Finished days by local date (yyyy-MM-dd). */
  days: Map<string, D>;
  /** Changes of transactions from this xid on may not be in `days`. */
  xmin: number;
  /** When it was last read (epoch ms). */
  usedAt: number;
  /** Bumped whenever `days` changes. */
  version: number;
  /** What `merge` made of the cached days of the last period read, while `sig` holds. */
  merged?: { sig: string; value: M };
  /** The memory its days and merge hold (FinishedDaysRead.bytes). */
  bytes: number;
}

const entries = new Map<string, Entry<unknown, unknown>>();

/**
 * Whether a period of `days` is read through the cache: a long one, for a viewer whose rule reads
 * only the ticket's own columns that the trigger watches: the wallet rules read contact_wallets
 * and the chatbot rule the bot's state, which change without telling the cache; those viewers
 * read every day from the database.
 */
export function usesDayCache(days: number, viewer: TicketViewer): boolean {
  if (days <= minDays || walletRulesApply(viewer)) return false;
  return !(viewer.settings.NotViewTicketsChatBot && !viewer.isAdmin);
}

/** The viewer's rule as a cache key's part (the page sizes do not change what is seen). */
export function ruleKey(viewer: TicketViewer): Omit<TicketViewer, 'pageSizes'> {
  const { pageSizes: _sizes, ...rule } = viewer;
  return rule;
}

function entryFor<D, M>(key: string): Entry<D, M> | undefined {
  const e = entries.get(key) as Entry<D, M> | undefined;
  if (!e) return undefined;
  if (Date.now() - e.usedAt > ENTRY_TTL_MS) {
    entries.delete(key);
    return undefined;
  }
  // Most recently read last: Map keeps insertion order.
  entries.delete(key);
  entries.set(key, e as Entry<unknown, unknown>);
  return e;
}

function remember<D, M>(key: string, e: Entry<D, M>) {
  entries.set(key, e as Entry<unknown, unknown>);
  let bytes = 0;
  for (const x of entries.values()) bytes += x.bytes;
  // The oldest first, never the one just read.
  for (const [k, x] of entries) {
    if (entries.size <= MAX_ENTRIES && bytes <= maxBytes) break;
    if (k === key) continue;
    entries.delete(k);
    bytes -= x.bytes;
  }
}

/** The bytes of typed arrays, and about 64 for each other object or entry counted. */
export const bytesOf = (arrays: ArrayBufferView[], objects = 0): number =>
  arrays.reduce((n, a) => n + a.byteLength, 0) + 64 * (objects + arrays.length);

/** For tests and the bench: how many entries the cache holds, and their memory. */
export function dayCacheSize(): { entries: number; bytes: number } {
  let bytes = 0;
  for (const x of entries.values()) bytes += x.bytes;
  return { entries: entries.size, bytes };
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

export interface FinishedDaysRead<D, M> {
  /** The cache entry's identity: the figure kind, company, time zone, viewer rule and filters. */
  key: unknown[];
  tz: string;
  /** The period's local days (daysOf). */
  dayList: string[];
  /** A day is kept once its end and this many seconds after it have passed (the answer target). */
  settleSecs: number;
  /** The days numbered in `want` (1 = the period's first), from the database; a day absent is empty. */
  read: (want: number[]) => Promise<Map<number, D>>;
  empty: () => D;
  /** What the cached days amount to (sorted durations, say): made once per set of cached days. */
  merge: (cached: D[]) => M;
  /** The memory a day and a merge hold, about (their typed arrays and entries). */
  bytes: (day: D) => number;
  mergedBytes: (merged: M) => number;
}

/**
 * Requests for the same entry and period while one is being answered share the next answer: it
 * is read after they arrived, so it holds every change they could have seen, and five at once
 * make two reads instead of five one after another (each reading the days changed meanwhile and
 * merging again).
 */
interface Flight {
  running: Promise<unknown>;
  next?: Promise<unknown>;
}
const flights = new Map<string, Flight>();
function shared<T>(key: string, run: () => Promise<T>): Promise<T> {
  const flight = flights.get(key);
  if (flight) {
    flight.next ??= flight.running.then(
      () => start(flight, run),
      () => start(flight, run),
    );
    return flight.next as Promise<T>;
  }
  const f: Flight = { running: Promise.resolve() };
  flights.set(key, f);
  return start(f, run);
  function start(fl: Flight, go: () => Promise<T>): Promise<T> {
    const p = go();
    fl.running = p;
    fl.next = undefined;
    const done = () => {
      if (fl.running === p && fl.next === undefined && flights.get(key) === fl) flights.delete(key);
    };
    p.then(done, done);
    return p;
  }
}

/**
 * Every day of the period, finished days from the cache and the others read now, with `merge` of
 * the days that came from the cache and the list of those that did not (`rest`).
 */
export function finishedDays<D, M>(
  scope: TenantScope,
  r: FinishedDaysRead<D, M>,
): Promise<{ all: D[]; rest: D[]; merged: M }> {
  const key = JSON.stringify([scope.tenantId, ...r.key]);
  return shared(`${key}|${r.dayList[0]}|${r.dayList.at(-1)}`, () => oneAtATime(key, () => answer(scope, key, r)));
}

async function answer<D, M>(
  scope: TenantScope,
  key: string,
  r: FinishedDaysRead<D, M>,
): Promise<{ all: D[]; rest: D[]; merged: M }> {
  const had = entryFor<D, M>(key);
  const seen = await changesSince(scope, had?.xmin ?? Number.MAX_SAFE_INTEGER, r.tz, r.dayList);
  const entry: Entry<D, M> = had ?? { days: new Map(), xmin: seen.xmin, usedAt: Date.now(), version: 0, bytes: 0 };
  for (const d of seen.days) if (entry.days.delete(d)) entry.version++;
  entry.xmin = seen.xmin;
  entry.usedAt = Date.now();

  const want: number[] = [];
  r.dayList.forEach((d, i) => {
    if (!entry.days.has(d)) want.push(i + 1);
  });
  const fresh = want.length ? await r.read(want) : new Map<number, D>();
  // A day is kept once its local end and the target after it have passed: its "needing an
  // answer" no longer moves with the clock.
  const finishedBefore = Date.now() - r.settleSecs * 1000 - 60_000;
  const sig = `${r.dayList[0]}|${r.dayList.at(-1)}|${entry.version}`;
  if (entry.merged?.sig !== sig) {
    entry.merged = { sig, value: r.merge(r.dayList.flatMap((d) => entry.days.get(d) ?? [])) };
  }
  const merged = entry.merged.value;
  const rest: D[] = [];
  const all: D[] = r.dayList.map((d, i) => {
    const kept = entry.days.get(d);
    if (kept) return kept;
    const day = fresh.get(i + 1) ?? r.empty();
    rest.push(day);
    if (seen.ends[i]! < finishedBefore) {
      entry.days.set(d, day);
      entry.version++;
    }
    return day;
  });
  let bytes = r.mergedBytes(merged);
  for (const d of entry.days.values()) bytes += r.bytes(d);
  entry.bytes = bytes;
  remember(key, entry);
  return { all, rest, merged };
}

/**
 * The days numbered in `want` (1 = `from`) as SQL: `head` names the CTEs `bounds` (`b`, the local
 * midnights from `from` to the day after `to`; `overdue`, now less the target) and `runs` (lo, hi:
 * the wanted days as runs of consecutive days); `range(col)` is a column within a run. One index
 * range per run: a cold read is one run of the whole period, a few changed days a few short ones,
 * not the span between them. A run's edges are known only when the statement runs: given as
 * constants, PostgreSQL estimated a year's tickets and read the table instead of the index that
 * holds every column read.
 */
export function dayRunsSql(
  period: { from: string; to: string; tz: string },
  want: number[],
  targetSecs: number,
): { head: SQL; range: (col: SQLWrapper) => SQL } {
  const los: number[] = [];
  const his: number[] = [];
  for (const d of [...want].sort((x, y) => x - y)) {
    if (his.length && his.at(-1) === d - 1) his[his.length - 1] = d;
    else {
      los.push(d);
      his.push(d);
    }
  }
  const intList = (list: number[]) => `{${list.join(',')}}`;
  return {
    head: sql`bounds as materialized (
        select array(select (d::timestamp at time zone ${period.tz})
          from generate_series(${period.from}::date, ${period.to}::date + 1, interval '1 day') d) as b,
          now() - make_interval(secs => ${targetSecs}) as overdue
      ), runs as (
        select lo, hi from unnest(${intList(los)}::int[], ${intList(his)}::int[]) r(lo, hi)
      )`,
    range: (col) => sql`(${col} >= bounds.b[runs.lo] and ${col} < bounds.b[runs.hi + 1])`,
  };
}
