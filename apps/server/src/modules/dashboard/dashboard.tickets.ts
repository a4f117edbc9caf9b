/**
 * The ticket figures of the dashboard in one statement (README "Dashboard"): the visible tickets
 * created or closed in the period are read once (CTE `b`), then summed three ways: by local day
 * of creation and in total (first response, target), by local day of close and in total
 * (resolution, ratings), and per channel, queue and user. Percentiles stay exact
 * (percentile_cont over every ticket); the totals are the grand-total rows of the same groupings.
 */
import { sql, type SQL } from 'drizzle-orm';
import { jsonColumn } from '../../platform/db/json-rows.js';
import { tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { TicketViewer } from '../tickets/tickets.policy.js';
import {
  closedIn,
  createdIn,
  firstResponseSecs,
  resolutionSecs,
  ticketScopeSql,
  type DashboardFilter,
  type Period,
} from './dashboard.sql.js';

/** One local day (`day` 1..n, the bucket of the period's days) or the period's total (`day` null). */
export interface CreatedRow {
  day: number | null;
  n: number;
  frN: number;
  frAvg: number | null;
  /** [p50, p90], null without answered tickets. */
  frP: [number, number] | null;
  within: number;
  needing: number;
}
export interface ClosedRow {
  day: number | null;
  n: number;
  resAvg: number | null;
  resP: [number, number] | null;
  ratingN: number;
  ratingAvg: number | string | null;
}
export interface GroupRow {
  /** grouping(channel_id, queue_id, user_id): 3 per channel, 5 per queue, 6 per user. */
  set: number;
  channelId: number | null;
  queueId: number | null;
  userId: number | null;
  created: number;
  closed: number;
}
export interface TicketFigures {
  created: CreatedRow[];
  closed: ClosedRow[];
  groups: GroupRow[];
}

export async function ticketFigures(
  scope: TenantScope,
  viewer: TicketViewer,
  f: DashboardFilter,
  p: Period,
  days: number,
  target: number,
): Promise<TicketFigures> {
  return scope.query(async (db, owns) => {
    // The tickets created in the period, then those closed in it but created before: two index
    // reads (the first index-only: tickets_tenant_created_idx holds every column read here) instead
    // of a bitmap of both read from the table.
    const read = (when: SQL) => sql`
            select ${tickets.channelId} as channel_id, ${tickets.queueId} as queue_id, ${tickets.userId} as user_id,
              ${tickets.rating} as rating, ${tickets.status} as status, ${tickets.createdAt} as created_at,
              ${firstResponseSecs} as fr, ${resolutionSecs} as res,
              width_bucket(${tickets.createdAt}, bounds.b) as cb,
              case when ${tickets.status} = 'closed' then width_bucket(${tickets.closedAt}, bounds.b) end as kb,
              bounds.overdue
            from ${tickets}, bounds
            where ${ticketScopeSql(db, owns, viewer, f)} and ${when}`;
    const res = await db.execute(sql`
        with bounds as materialized (
          -- The local midnights from \`from\` to the one after \`to\`: width_bucket numbers the days 1..n.
          select array(select (d::timestamp at time zone ${p.tz})
            from generate_series(${f.from}::date, ${f.to}::date + 1, interval '1 day') d) as b,
            now() - make_interval(secs => ${target}) as overdue
        ), b as materialized (
          -- Within the target: answered by an agent no later than the target after creation. Needing
          -- an answer: answered by an agent, or still open or pending without one past the target; a
          -- ticket closed without an agent's message (the bot solved it, or it was dropped) is neither.
          select channel_id, queue_id, user_id, rating, fr, res, cb, kb, fr <= ${target} as within,
            (fr is not null or (status <> 'closed' and created_at <= overdue)) as needing
          from (
            ${read(createdIn(p))}
            union all
            ${read(sql`${closedIn(p)} and ${tickets.createdAt} < ${p.start}`)}
          ) t
        )
        select
          (select coalesce(json_agg(c), '[]') from (
            select cb as "day", count(*) as "n", count(fr) as "frN", avg(fr) as "frAvg",
              percentile_cont(array[0.5, 0.9]::float8[]) within group (order by fr) as "frP",
              count(*) filter (where within) as "within", count(*) filter (where needing) as "needing"
            from b where cb between 1 and ${days} group by grouping sets ((cb), ())) c) as "created",
          (select coalesce(json_agg(k), '[]') from (
            select kb as "day", count(*) as "n", avg(res) as "resAvg",
              percentile_cont(array[0.5, 0.9]::float8[]) within group (order by res) as "resP",
              count(rating) as "ratingN", avg(rating) as "ratingAvg"
            from b where kb between 1 and ${days} group by grouping sets ((kb), ())) k) as "closed",
          (select coalesce(json_agg(g), '[]') from (
            select grouping(channel_id, queue_id, user_id) as "set", channel_id as "channelId",
              queue_id as "queueId", user_id as "userId",
              count(*) filter (where cb between 1 and ${days}) as "created",
              count(*) filter (where kb between 1 and ${days}) as "closed"
            from b group by grouping sets ((channel_id), (queue_id), (user_id))) g) as "groups"`);
    const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    return {
      created: jsonColumn<CreatedRow[]>(row.created),
      closed: jsonColumn<ClosedRow[]>(row.closed),
      groups: jsonColumn<GroupRow[]>(row.groups),
    };
  });
}
