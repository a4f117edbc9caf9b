/**
 * relatorio-tickets' totals for a long period from the cache of finished days
 * (dashboard/finished-days.ts), as the dashboard reads its figures: a finished local day's
 * tickets change only when one of them does, and the trigger of migration 0042 names the day of
 * every ticket changed, added or deleted (its creation, the day this report counts it on). Per
 * day, the tickets the viewer sees grouped by (queue, agent) with their counts and their sorted
 * durations; the totals are summed and their percentiles taken here over the same values as
 * percentile_cont would (relatorio-tickets.report.ts's statement; the test holds them equal).
 * A contact tag filter reads the database every time: tags change without telling the cache.
 */
import type { TicketReportFilter } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import { jsonColumn } from '../../platform/db/json-rows.js';
import { tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { pair, pairOfTwo, sortedOf } from '../dashboard/dashboard.percentiles.js';
import { needingAnswerSql, withinTargetSql } from '../dashboard/dashboard.sql.js';
import { bytesOf, dayRunsSql, finishedDays, ruleKey, usesDayCache } from '../dashboard/finished-days.js';
import { ticketReportScope, type TicketReportViewer } from './ticket-reports.filter.js';

interface Counts {
  n: number;
  open: number;
  pending: number;
  closed: number;
  within: number;
  needing: number;
}
/** A day's tickets of one queue and agent (now). */
interface Group extends Counts {
  queueId: number | null;
  userId: number | null;
  fr: Float64Array;
  res: Float64Array;
}
interface Day {
  groups: Group[];
  /** Every first response of the day, sorted (the trend's p50). */
  fr: Float64Array;
}
type Raw = Record<string, unknown>;

const emptyDay = (): Day => ({ groups: [], fr: new Float64Array(0) });

/** Whether the totals of a period of `days` are read through the cache. */
export const totalsFromDayCache = (days: number, viewer: TicketReportViewer, f: TicketReportFilter) =>
  f.tagIds.length === 0 && usesDayCache(days, viewer.tickets);

async function readDays(
  scope: TenantScope,
  viewer: TicketReportViewer,
  f: TicketReportFilter,
  target: number,
  want: number[],
): Promise<Map<number, Day>> {
  const { head, range } = dayRunsSql({ ...f, tz: viewer.timeZone }, want, target);
  const res = await scope.query((db, owns) =>
    db.execute(sql`
      with ${head}
      select coalesce(json_agg(g), '[]') as "groups" from (
        select d as "day", queue_id as "queueId", user_id as "userId", count(*) as "n",
          count(*) filter (where status = 'open') as "open",
          count(*) filter (where status = 'pending') as "pending",
          count(*) filter (where status = 'closed') as "closed",
          count(*) filter (where within) as "within", count(*) filter (where needing) as "needing",
          coalesce(array_agg(fr order by fr) filter (where fr is not null), '{}') as "fr",
          coalesce(array_agg(res order by res) filter (where res is not null), '{}') as "res"
        from runs, bounds, lateral (
          select ${tickets.queueId} as queue_id, ${tickets.userId} as user_id, ${tickets.status} as status,
            ${tickets.firstResponseSecs} as fr, ${tickets.resolutionSecs} as res,
            width_bucket(${tickets.createdAt}, bounds.b) as d,
            ${withinTargetSql(target)} as within, ${needingAnswerSql(target)} as needing
          from ${tickets}
          where ${ticketReportScope(db, owns, viewer, f)} and ${range(tickets.createdAt)}) x
        group by 1, 2, 3) g`),
  );
  const [row] = (res as unknown as { rows: Raw[] }).rows;
  type Read = Omit<Group, 'fr' | 'res'> & { day: number; fr: number[]; res: number[] };
  const out = new Map<number, Day>();
  for (const { day, ...g } of jsonColumn<Read[]>(row?.groups)) {
    let d = out.get(day);
    if (!d) out.set(day, (d = emptyDay()));
    d.groups.push({
      queueId: g.queueId,
      userId: g.userId,
      n: Number(g.n),
      open: Number(g.open),
      pending: Number(g.pending),
      closed: Number(g.closed),
      within: Number(g.within),
      needing: Number(g.needing),
      fr: Float64Array.from(g.fr),
      res: Float64Array.from(g.res),
    });
  }
  for (const d of out.values()) d.fr = sortedOf(d.groups.map((g) => g.fr));
  return out;
}

/** The groups a ticket group counts in: the whole, its queue and its agent (grouping()'s codes). */
const setsOf = (g: Group): [string, number, Raw][] => [
  ['w', 7, {}],
  [`q${g.queueId}`, 3, { queueId: g.queueId }],
  [`u${g.userId}`, 5, { userId: g.userId }],
];

type Durations = Map<string, { fr: Float64Array[]; res: Float64Array[] }>;
function durationsOf(days: Day[]): Durations {
  const out: Durations = new Map();
  for (const d of days) {
    for (const g of d.groups) {
      for (const [k] of setsOf(g)) {
        let x = out.get(k);
        if (!x) out.set(k, (x = { fr: [], res: [] }));
        x.fr.push(g.fr);
        x.res.push(g.res);
      }
    }
  }
  return out;
}

const addCounts = (to: Counts, g: Counts) => {
  to.n += g.n;
  to.open += g.open;
  to.pending += g.pending;
  to.closed += g.closed;
  to.within += g.within;
  to.needing += g.needing;
};
const zero = (): Counts => ({ n: 0, open: 0, pending: 0, closed: 0, within: 0, needing: 0 });
const raw = (c: Counts, frN: number, resN: number, fr: unknown, rs: unknown, more: Raw): Raw => ({
  ...more,
  tickets: c.n,
  open: c.open,
  pending: c.pending,
  closed: c.closed,
  within: c.within,
  needing: c.needing,
  frCount: frN,
  resCount: resN,
  fr,
  rs,
});

/**
 * The rows relatorio-tickets' totals statement answers (grouping sets over the whole, queue,
 * agent and local day, with grouping()'s code in `set`), from finished days kept and the rest read.
 */
export async function cachedTotalsRows(
  scope: TenantScope,
  viewer: TicketReportViewer,
  f: TicketReportFilter,
  dayList: string[],
  target: number,
): Promise<Raw[]> {
  const { from: _from, to: _to, pageNumber: _n, pageSize: _s, ...filters } = f as TicketReportFilter & {
    pageNumber?: number;
    pageSize?: number;
  };
  const { all, rest, merged } = await finishedDays(scope, {
    key: ['relatorio-tickets', viewer.timeZone, target, ruleKey(viewer.tickets), filters],
    tz: viewer.timeZone,
    dayList,
    settleSecs: target,
    read: (want) => readDays(scope, viewer, f, target, want),
    empty: emptyDay,
    // Per whole, queue and agent, the cached days' durations sorted once per set of days.
    merge: (cached) =>
      new Map([...durationsOf(cached)].map(([k, v]) => [k, { fr: sortedOf(v.fr), res: sortedOf(v.res) }])),
    bytes: (d) => bytesOf([d.fr, ...d.groups.flatMap((g) => [g.fr, g.res])], d.groups.length),
    mergedBytes: (m) => bytesOf([...m.values()].flatMap((v) => [v.fr, v.res]), m.size),
  });
  const restDurations = durationsOf(rest);
  const none = new Float64Array(0);
  const sets = new Map<string, { set: number; more: Raw; counts: Counts }>();
  const rows: Raw[] = [];
  all.forEach((d, i) => {
    const day = zero();
    for (const g of d.groups) {
      addCounts(day, g);
      for (const [k, set, more] of setsOf(g)) {
        let s = sets.get(k);
        if (!s) sets.set(k, (s = { set, more, counts: zero() }));
        addCounts(s.counts, g);
      }
    }
    if (d.groups.length) {
      const resN = d.groups.reduce((n, g) => n + g.res.length, 0);
      rows.push(raw(day, d.fr.length, resN, pair(d.fr), null, { set: 6, day: dayList[i] }));
    }
  });
  for (const [k, s] of sets) {
    const kept = merged.get(k);
    const now = restDurations.get(k);
    const fr: [Float64Array, Float64Array] = [kept?.fr ?? none, now ? sortedOf(now.fr) : none];
    const res: [Float64Array, Float64Array] = [kept?.res ?? none, now ? sortedOf(now.res) : none];
    rows.push(
      raw(s.counts, fr[0].length + fr[1].length, res[0].length + res[1].length, pairOfTwo(fr), pairOfTwo(res), {
        set: s.set,
        ...s.more,
      }),
    );
  }
  return rows;
}
