/**
 * The dashboard's ticket figures for a long period from the cache of finished days
 * (finished-days.ts): per company, viewer and filter, every finished day's tickets as the figures
 * need them (counts, sums, the sorted durations, the per channel / queue / user counts, the new
 * contacts). Percentiles are computed here over the same values as percentile_cont would, so the
 * figures are the same as dashboard.tickets.ts reads; the test holds them equal after changes.
 */
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { TicketViewer } from '../tickets/tickets.policy.js';
import { daysFrom, emptyDay, readDays, type Combo, type Day } from './dashboard.day-read.js';
import { pair, pairOfTwo, sortedOf } from './dashboard.percentiles.js';
import type { DashboardFilter, Period } from './dashboard.sql.js';
import type { ClosedRow, CreatedRow, GroupRow, TicketFigures } from './dashboard.tickets.js';
import { bytesOf, finishedDays, ruleKey } from './finished-days.js';

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
  const { from: _from, to: _to, ...filters } = f;
  const { all, rest, merged } = await finishedDays(scope, {
    key: ['dashboard', p.tz, target, ruleKey(viewer), filters],
    tz: p.tz,
    dayList,
    settleSecs: target,
    read: async (want) => daysFrom(await readDays(scope, viewer, f, p, target, want)),
    empty: emptyDay,
    // The cached days' durations, sorted once per set of days; the others' sorted per read.
    merge: (cached) => ({
      fr: sortedOf(cached.map((d) => d.created.fr)),
      res: sortedOf(cached.map((d) => d.closed.res)),
    }),
    bytes: (d) => bytesOf([d.created.fr, d.closed.res], 4 + d.createdBy.length + d.closedBy.length),
    mergedBytes: (m) => bytesOf([m.fr, m.res]),
  });
  return figuresOf(all, {
    fr: [merged.fr, sortedOf(rest.map((d) => d.created.fr))],
    res: [merged.res, sortedOf(rest.map((d) => d.closed.res))],
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
