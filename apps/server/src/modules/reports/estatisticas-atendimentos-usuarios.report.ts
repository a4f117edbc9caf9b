/**
 * estatisticas-atendimentos-usuarios (README "Reports"): one row per agent who worked in the
 * period, and the whole, where a ticket counts once however many agents touched it. What an agent
 * did is read from the ticket log (the rows the desk's commands write: accept 'open', transfer
 * 'transfered' + 'receivedTransfer', the bot's 'userDefine', close 'closed', ...), on the tickets
 * the viewer may see on the desk; the first response from `tickets.first_response_user_id`, the
 * ratings from the ticket's agent. Two statements and the names, whatever the period.
 */
import {
  SERVICE_STATS_COLUMNS,
  uiCatalogues,
  ZServiceStatsPage,
  ZTicketReportExportQuery,
  ZTicketReportQuery,
  type Language,
  type ServiceStatsFigures,
  type ServiceStatsPage,
  type ServiceStatsRow,
  type TicketReportFilter,
  type TicketReportQuery,
} from '@prosa/contracts';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { ticketAgentWork, tickets, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { firstResponseSecs, num, numOrNull } from '../dashboard/dashboard.sql.js';
import { daysOf } from '../dashboard/dashboard.trend.js';
import { cachedStatsParts, statsFromDayCache } from './estatisticas.days.js';
import type { Cell } from './report-file.js';
import { visibleWork, withWhole, workWithin } from './estatisticas.work.js';
import type { ReportDefinition } from './report-route.js';
import {
  checkTicketFilter,
  inReportPeriod,
  reportPeriod,
  TICKET_FILTER_ERRORS,
  ticketReportScope,
  ticketReportViewer,
  type TicketReportViewer,
} from './ticket-reports.filter.js';

export interface Part {
  whole: boolean;
  userId: number | null;
  figures: Partial<ServiceStatsFigures>;
}

const EMPTY: ServiceStatsFigures = {
  attended: 0,
  closed: 0,
  transferred: 0,
  firstResponseCount: 0,
  firstResponseP50: null,
  resolutionCount: 0,
  resolutionP50: null,
  ratingCount: 0,
  ratingAverage: null,
};

type Raw = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Raw[] }).rows;

/** Per agent and for the whole, what happened in the period (rows whose span meets it), in one statement. */
async function readEvents(scope: TenantScope, viewer: TicketReportViewer, f: TicketReportFilter): Promise<Part[]> {
  const p = reportPeriod(viewer, f);
  const w = ticketAgentWork;
  const res = await scope.query((db, owns) => {
    const x = workWithin(p.start, p.end);
    const rows = sql`
        select ${w.ticketId} as ticket_id, ${w.userId} as uid, ${w.ticketCreatedAt} as created,
          ${x.attended} as attended, ${x.closedAt} as closed_at, ${x.transferred} as transferred
        from ${w}
        where ${owns(w, sql`${w.lastAt} >= ${p.start} and ${w.firstAt} < ${p.end}`)}
          and ${visibleWork(db, owns, viewer, f)}`;
    // An agent (or the whole) with nothing in the period has no row.
    return db.execute(sql`
      with w as (${rows}), per as (${withWhole(f.userIds.length === 0)})
      select uid = 0 as whole, uid,
        count(*) filter (where attended) as attended,
        count(closed_at) as closed,
        count(*) filter (where transferred) as transferred,
        percentile_cont(0.5) within group (order by
          case when closed_at is not null then greatest(0, date_part('epoch', closed_at - created)) end) as res_p50
      from per where attended or closed_at is not null or transferred group by uid`);
  });
  return rowsOf(res).map((r) => ({
    whole: r.whole === true || r.whole === 't',
    userId: num(r.uid) === 0 ? null : num(r.uid),
    figures: {
      attended: num(r.attended),
      closed: num(r.closed),
      transferred: num(r.transferred),
      resolutionCount: num(r.closed),
      resolutionP50: numOrNull(r.res_p50),
    },
  }));
}

/**
 * First responses of the tickets created in the period (per the agent who wrote first) and the
 * ratings given in the period (per the ticket's agent, the rated one), with their wholes.
 */
async function readTicketFigures(
  scope: TenantScope,
  viewer: TicketReportViewer,
  f: TicketReportFilter,
): Promise<Part[]> {
  const p = reportPeriod(viewer, f);
  const res = await scope.query((db, owns) => {
    const scoped = ticketReportScope(db, owns, viewer, { ...f, userIds: [] });
    const agents = (col: SQL) => (f.userIds.length ? inArray(col, f.userIds) : sql`true`);
    const fru = tickets.firstResponseUserId;
    return db.execute(sql`
      select 'fr' as kind, grouping(${fru}) = 1 as whole, ${fru} as uid, count(*) as n,
        percentile_cont(0.5) within group (order by ${firstResponseSecs}) as p50, null::numeric as avg
      from ${tickets}
      where ${scoped} and ${inReportPeriod(tickets.createdAt, p)} and ${firstResponseSecs} is not null
        and ${agents(sql`${fru}`)}
      group by grouping sets ((${fru}), ())
      union all
      select 'rt', grouping(${tickets.userId}) = 1, ${tickets.userId}, count(*), null, avg(${tickets.rating})
      from ${tickets}
      where ${scoped} and ${inReportPeriod(tickets.ratedAt, p)} and ${tickets.rating} is not null
        and ${agents(sql`${tickets.userId}`)}
      group by grouping sets ((${tickets.userId}), ())`);
  });
  return rowsOf(res).map((r) => ({
    whole: r.whole === true || r.whole === 't',
    userId: r.uid === null ? null : num(r.uid),
    figures:
      r.kind === 'fr'
        ? { firstResponseCount: num(r.n), firstResponseP50: numOrNull(r.p50) }
        : { ratingCount: num(r.n), ratingAverage: numOrNull(r.avg) },
  }));
}

/** Every agent's row (by name) and the whole: the rows are few (the company's agents). */
export async function serviceStats(
  scope: TenantScope,
  viewer: TicketReportViewer,
  f: TicketReportFilter,
): Promise<{ rows: ServiceStatsRow[]; totals: ServiceStatsFigures }> {
  const dayList = daysOf(f.from, f.to);
  // A long period reads its finished days from the process's cache (estatisticas.days.ts); one
  // statement after another: a request's scope is one connection.
  const parts = statsFromDayCache(dayList.length, viewer, f)
    ? await cachedStatsParts(scope, viewer, f, dayList)
    : [...(await readEvents(scope, viewer, f)), ...(await readTicketFigures(scope, viewer, f))];
  let totals: ServiceStatsFigures = { ...EMPTY };
  const byUser = new Map<number, ServiceStatsFigures>();
  for (const part of parts) {
    if (part.whole) totals = { ...totals, ...part.figures };
    // The group without a user: the bot's closes, first responses or ratings of nobody's tickets.
    else if (part.userId !== null) byUser.set(part.userId, { ...(byUser.get(part.userId) ?? EMPTY), ...part.figures });
  }
  const ids = [...byUser.keys()];
  const people = ids.length ? await scope.select(users, inArray(users.id, ids)) : [];
  const name = new Map(people.map((u) => [u.id, u.name]));
  const rows = ids
    .map((userId) => ({ userId, name: name.get(userId) ?? '', ...byUser.get(userId)! }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt') || a.userId - b.userId);
  return { rows, totals };
}

async function readPage(
  scope: TenantScope,
  viewer: TicketReportViewer,
  q: TicketReportQuery,
): Promise<ServiceStatsPage> {
  const { rows, totals } = await serviceStats(scope, viewer, q);
  const offset = (q.pageNumber - 1) * q.pageSize;
  const page = rows.slice(offset, offset + q.pageSize);
  return { rows: page, count: rows.length, hasMore: offset + page.length < rows.length, totals };
}

export const serviceStatsHeaders = (lang: Language): string[] =>
  SERVICE_STATS_COLUMNS.map((c) => uiCatalogues[lang].reportsService.stats[c]);

export const serviceStatsCells = (row: ServiceStatsRow): Cell[] =>
  SERVICE_STATS_COLUMNS.map((c) => {
    const v = row[c];
    if (v === null) return '';
    return typeof v === 'number' ? Math.round(v * 100) / 100 : v;
  });

export const estatisticasAtendimentosUsuarios: ReportDefinition<
  TicketReportViewer,
  TicketReportFilter,
  TicketReportQuery,
  ServiceStatsRow
> = {
  slug: 'estatisticas-atendimentos-usuarios',
  errors: [...TICKET_FILTER_ERRORS],
  query: ZTicketReportQuery,
  exportQuery: ZTicketReportExportQuery,
  page: ZServiceStatsPage,
  viewer: ticketReportViewer,
  check: (scope, _viewer, f) => checkTicketFilter(scope, f),
  readPage,
  readAll: async function* (scope, viewer, f) {
    const { rows } = await serviceStats(scope, viewer, f);
    if (rows.length) yield rows;
  },
  headers: serviceStatsHeaders,
  cells: serviceStatsCells,
};
