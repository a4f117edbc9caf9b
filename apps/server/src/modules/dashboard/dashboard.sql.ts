/**
 * The dashboard's figures as SQL, each defined once (README "Dashboard"). A period is [from's
 * local midnight, the local midnight after `to`) in the company's time zone; a ticket is one row,
 * so it counts once however many agents touched it.
 */
import type { z } from 'zod';
import type { ZDashboardQuery } from '@prosa/contracts';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.js';
import { tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { maySeeAll, type TicketViewer } from '../tickets/tickets.policy.js';
import { visibilitySql } from '../tickets/tickets.visibility-sql.js';

export type DashboardFilter = z.infer<typeof ZDashboardQuery>;

export interface Period {
  start: SQL;
  end: SQL;
  tz: string;
}

/** The period's edges: local midnights of the company's time zone, as timestamptz. */
export function periodOf(q: Pick<DashboardFilter, 'from' | 'to'>, tz: string): Period {
  return {
    start: sql`((${q.from}::date)::timestamp at time zone ${tz})`,
    end: sql`((${q.to}::date + 1)::timestamp at time zone ${tz})`,
    tz,
  };
}

/** The tickets the viewer may see (the desk's list rule) narrowed by the filters. */
export function ticketScopeSql(
  db: DbExecutor,
  owns: TenantScope['owns'],
  viewer: TicketViewer,
  f: DashboardFilter,
): SQL {
  return owns(
    tickets,
    visibilitySql(db, owns, viewer, { showAll: maySeeAll(viewer), includeNotQueueDefined: true }),
    f.queueIds.length ? inArray(tickets.queueId, f.queueIds) : undefined,
    f.channelIds.length ? inArray(tickets.channelId, f.channelIds) : undefined,
    f.userIds.length ? inArray(tickets.userId, f.userIds) : undefined,
  );
}

export const inPeriod = (col: SQL, p: Period) => sql`(${col} >= ${p.start} and ${col} < ${p.end})`;

// date_part, not extract: extract answers numeric, several times slower to compute and sort on a
// year of tickets; a double holds a duration's microseconds exactly for centuries.
/** Seconds from the ticket's creation to its first agent message (null: none yet). */
export const firstResponseSecs = sql`greatest(0, date_part('epoch', ${tickets.firstResponseAt} - ${tickets.createdAt}))`;
/** Seconds from the ticket's creation to its (last) close. */
export const resolutionSecs = sql`greatest(0, date_part('epoch', ${tickets.closedAt} - ${tickets.createdAt}))`;

export const createdIn = (p: Period) => inPeriod(sql`${tickets.createdAt}`, p);
export const closedIn = (p: Period) => and(sql`${tickets.status} = 'closed'`, inPeriod(sql`${tickets.closedAt}`, p))!;

/**
 * Within the target: answered by an agent no later than `target` seconds after creation (the
 * report relatorio-tickets reads it; dashboard.tickets.ts writes the same rule in its own SQL).
 */
export const withinTargetSql = (target: number) =>
  sql`(${tickets.firstResponseAt} is not null and ${firstResponseSecs} <= ${target})`;

/**
 * Needing an answer: answered by an agent, or still open or pending without one past the target.
 * A ticket closed without an agent's message (the bot solved it, or it was dropped) is neither.
 */
export const needingAnswerSql = (target: number) =>
  sql`(${tickets.firstResponseAt} is not null or (${tickets.status} <> 'closed'
    and ${tickets.createdAt} <= now() - make_interval(secs => ${target})))`;

/** p50 and p90 of a duration in seconds, over the rows the filter keeps. */
export const percentiles = (secs: SQL, filter: SQL) => ({
  p50: sql<number | null>`percentile_cont(0.5) within group (order by ${secs}) filter (where ${filter})`,
  p90: sql<number | null>`percentile_cont(0.9) within group (order by ${secs}) filter (where ${filter})`,
});

export const num = (v: unknown): number => Number(v ?? 0);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
