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
import { ticketAgentWork, ticketLogs, tickets, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { firstResponseSecs, num, numOrNull } from '../dashboard/dashboard.sql.js';
import type { Cell } from './report-file.js';
import { rowTicketRule } from './lists.shared.js';
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

/** The log events of taking a ticket (the trigger of migration 0040 reads the same list). */
const TAKEN = ['create', 'open', 'receivedTransfer', 'userDefine', 'retriesLimitUserDefine'];

const list = (xs: string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

interface Part {
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
type Col = { getSQL(): SQL };
const rowsOf = (res: unknown) => (res as { rows: Raw[] }).rows;

/**
 * Per (agent, ticket) and per ticket, what happened in the period, read from ticket_agent_work
 * (one row per agent and ticket, plus the ticket's whole row, user 0: schema-dashboard.ts) instead
 * of grouping the log; then per agent and for the whole. With agents chosen, the whole is those
 * agents' work (their rows grouped by ticket); without, it is the whole rows, which also count
 * the closes nobody made (the bot's, the API's without a user, the automatic close).
 */
async function readEvents(scope: TenantScope, viewer: TicketReportViewer, f: TicketReportFilter): Promise<Part[]> {
  const p = reportPeriod(viewer, f);
  const anyone = f.userIds.length === 0;
  const w = ticketAgentWork;
  const res = await scope.query((db, owns) => {
    const rule = rowTicketRule(db, owns, viewer, { ...f, userIds: [] }, w.ticketId);
    // The visible tickets as a set the rows are hashed against: a join let the planner look each
    // of a year's 380,000 rows up in tickets one by one.
    const visible = rule.needsJoin
      ? sql`${w.ticketId} in (select ${tickets.id} from ${tickets} where ${rule.visible})`
      : rule.visible;
    const l = ticketLogs;
    // The log rows of one kind of this row's work in the period: asked only for a row whose
    // first and last times straddle the whole period (work before it and after it).
    const logOf = (kind: SQL) => sql`from ${l} where ${l.tenantId} = ${w.tenantId} and ${l.ticketId} = ${w.ticketId}
      and ${inReportPeriod(l.createdAt, p)} and (${w.userId} = 0 or ${l.userId} = ${w.userId}) and ${kind}`;
    const taken = sql`(${l.userId} is not null and (${l.type} in (${list(TAKEN)})
      or (${l.type} = 'reopen' and ${l.payload}->>'status' = 'open')))`;
    const closes = sql`(${l.type} = 'closed' or (${w.userId} = 0 and ${l.type} = 'autoClose'))`;
    const transfers = sql`${l.type} = 'transfered'`;
    const met = (first: SQL | Col, last: SQL | Col, kind: SQL) => sql`case
        when ${first} is null or ${first} >= ${p.end} or ${last} < ${p.start} then false
        when ${first} >= ${p.start} or ${last} < ${p.end} then true
        else exists (select 1 ${logOf(kind)}) end`;
    const lastIn = (first: Col, last: Col, kind: SQL) => sql`case
        when ${last} is null or ${first} >= ${p.end} or ${last} < ${p.start} then null
        when ${last} < ${p.end} then ${last}
        else (select max(${l.createdAt}) ${logOf(kind)}) end`;
    const rows = sql`
        select ${w.ticketId} as ticket_id, ${w.userId} as uid, ${w.ticketCreatedAt} as created,
          ${met(w.takenFirst, w.takenLast, taken)} as attended,
          ${lastIn(w.closedFirst, w.closedLast, closes)} as closed_at,
          ${met(w.transferFirst, w.transferLast, transfers)} as transferred
        from ${w}
        where ${owns(
          w,
          sql`${w.lastAt} >= ${p.start} and ${w.firstAt} < ${p.end}`,
          anyone ? undefined : inArray(w.userId, f.userIds),
        )} and ${visible}`;
    const per = anyone
      ? sql`select * from w`
      : sql`select ticket_id, uid, created, attended, closed_at, transferred from w
          union all
          select ticket_id, 0, min(created), bool_or(attended), max(closed_at), bool_or(transferred)
          from w group by ticket_id`;
    return db.execute(sql`
      with w as (${rows}), per as (${per})
      select uid = 0 as whole, uid,
        count(*) filter (where attended) as attended,
        count(closed_at) as closed,
        count(*) filter (where transferred) as transferred,
        percentile_cont(0.5) within group (order by
          case when closed_at is not null then greatest(0, date_part('epoch', closed_at - created)) end) as res_p50
      from per group by uid`);
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
  // One after another: a request's scope is one connection.
  const parts = [...(await readEvents(scope, viewer, f)), ...(await readTicketFigures(scope, viewer, f))];
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
