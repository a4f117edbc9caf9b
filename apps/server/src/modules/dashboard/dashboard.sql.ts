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

/**
 * Seconds from the ticket's creation to its first agent message (null: none yet). A column
 * PostgreSQL keeps (schema-desk.ts, generated with date_part: a double, exact to the microsecond,
 * several times faster to sort than extract's numeric), in the period index with the other
 * columns the figures read: a year of tickets is an index-only scan.
 */
export const firstResponseSecs = sql`${tickets.firstResponseSecs}`;
/** Seconds from the ticket's creation to its (last) close; null unless closed. */
export const resolutionSecs = sql`${tickets.resolutionSecs}`;

export const createdIn = (p: Period) => inPeriod(sql`${tickets.createdAt}`, p);
export const closedIn = (p: Period) => and(sql`${tickets.status} = 'closed'`, inPeriod(sql`${tickets.closedAt}`, p))!;

/**
 * Within the target: answered by an agent no later than `target` seconds after creation (the
 * report relatorio-tickets reads it; dashboard.tickets.ts writes the same rule in its own SQL).
 */
export const withinTargetSql = (target: number) => sql`(${firstResponseSecs} <= ${target})`;

/**
 * Needing an answer: answered by an agent, or still open or pending without one past the target.
 * A ticket closed without an agent's message (the bot solved it, or it was dropped) is neither.
 */
export const needingAnswerSql = (target: number) =>
  sql`(${firstResponseSecs} is not null or (${tickets.status} <> 'closed'
    and ${tickets.createdAt} <= now() - make_interval(secs => ${target})))`;

/** [p50, p90] of a duration in seconds (nulls left out): one sort for both. */
export const percentiles = (secs: SQL) =>
  sql<[number, number] | null>`percentile_cont(array[0.5, 0.9]::float8[]) within group (order by ${secs})`;

export const num = (v: unknown): number => Number(v ?? 0);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * A read over a period's rows (the dashboard, the service reports): in one transaction whose
 * sorts stay in memory (a year's percentiles sort every ticket), without parallel workers, which
 * only add overhead when several such reads run at once, and without JIT: these statements'
 * estimated costs pass jit_above_cost, and compiling their expressions took 400-450 ms of a
 * statement that runs in 60 ms (estatisticas, 30 days, EXPLAIN ANALYZE on the bench's data).
 */
export function periodRead<T>(scope: TenantScope, read: (tx: TenantScope) => Promise<T>): Promise<T> {
  return scope.transaction(async (tx) => {
    await tx.query((db) =>
      db.execute(
        sql`select set_config('work_mem', '32MB', true), set_config('max_parallel_workers_per_gather', '0', true),
          set_config('jit', 'off', true)`,
      ),
    );
    return read(tx);
  });
}
