/**
 * relatorio-tickets (README "Reports"): one row per ticket created in the period that the viewer
 * may see on the desk, with its contact (the number masked as the contacts API masks it), channel,
 * queue, agent, state and times; its totals are the service-level figures of those tickets (the
 * dashboard's definitions, dashboard.sql.ts): by state, first response and resolution p50 / p90
 * overall, per queue and per agent, answered within the company's target, and the trend by local
 * day. A page is one statement with its names joined; the totals one statement (grouping sets).
 */
import {
  TICKETS_REPORT_COLUMNS,
  uiCatalogues,
  ZTicketReportExportQuery,
  ZTicketReportQuery,
  ZTicketsReportPage,
  type Language,
  type SlaFigures,
  type TicketReportFilter,
  type TicketReportQuery,
  type TicketsReportPage,
  type TicketsReportRow,
  type TicketsReportTotals,
} from '@prosa/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { channels, contacts, queues, tickets, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { contactView, type ContactView } from '../contacts/contacts.policy.js';
import { numberFor } from '../contacts/contacts.presenter.js';
import { slaTargetMinutes } from '../dashboard/dashboard.queries.js';
import {
  firstResponseSecs,
  needingAnswerSql,
  num,
  numOrNull,
  percentiles,
  resolutionSecs,
  withinTargetSql,
} from '../dashboard/dashboard.sql.js';
import { daysOf } from '../dashboard/dashboard.trend.js';
import type { Cell } from './report-file.js';
import { cachedTotalsRows, totalsFromDayCache } from './relatorio-tickets.days.js';
import { pagesOf, type ReportDefinition } from './report-route.js';
import {
  checkTicketFilter,
  inReportPeriod,
  reportPeriod,
  TICKET_FILTER_ERRORS,
  ticketReportScope,
  ticketReportViewer,
  type TicketReportViewer,
} from './ticket-reports.filter.js';

export interface TicketsReportViewer extends TicketReportViewer {
  contacts: ContactView;
}

async function viewerOf(req: FastifyRequest): Promise<TicketsReportViewer> {
  const base = await ticketReportViewer(req);
  return { ...base, contacts: await contactView(req.scope, req.auth) };
}

/** A page of the tickets created in the period, oldest first, names joined. */
async function readRows(
  scope: TenantScope,
  viewer: TicketsReportViewer,
  f: TicketReportFilter,
  limit: number,
  offset: number,
): Promise<TicketsReportRow[]> {
  const p = reportPeriod(viewer, f);
  const rows = await scope.query((db, owns) =>
    db
      .select({
        ticketId: tickets.id,
        protocol: tickets.protocol,
        createdAt: tickets.createdAt,
        contact: contacts.name,
        number: contacts.number,
        channel: channels.name,
        queue: queues.name,
        agent: users.name,
        status: tickets.status,
        firstResponse: sql<number | null>`${firstResponseSecs}`,
        resolution: sql<number | null>`${resolutionSecs}`,
        rating: tickets.rating,
      })
      .from(tickets)
      .innerJoin(contacts, owns(contacts, eq(contacts.id, tickets.contactId)))
      .leftJoin(channels, owns(channels, eq(channels.id, tickets.channelId)))
      .leftJoin(queues, owns(queues, eq(queues.id, tickets.queueId)))
      .leftJoin(users, owns(users, eq(users.id, tickets.userId)))
      .where(and(ticketReportScope(db, owns, viewer, f), inReportPeriod(tickets.createdAt, p)))
      .orderBy(asc(tickets.createdAt), asc(tickets.id))
      .limit(limit)
      .offset(offset),
  );
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    number: numberFor(viewer.contacts, r.number),
    firstResponse: numOrNull(r.firstResponse),
    resolution: numOrNull(r.resolution),
  }));
}

type Raw = Record<string, unknown>;

/** One of percentile_cont's array answer (node-postgres parses float8[]; PGlite too, or a '{..}' string). */
const pctOf = (v: unknown, i: number): number | null => {
  if (v === null || v === undefined) return null;
  const list = Array.isArray(v) ? v : String(v).replace(/[{}]/g, '').split(',');
  return numOrNull(list[i]);
};

const figuresOf = (r: Raw): SlaFigures => {
  const needing = num(r.needing);
  const within = num(r.within);
  return {
    tickets: num(r.tickets),
    firstResponseCount: num(r.frCount),
    firstResponseP50: pctOf(r.fr, 0),
    firstResponseP90: pctOf(r.fr, 1),
    resolutionCount: num(r.resCount),
    resolutionP50: pctOf(r.rs, 0),
    resolutionP90: pctOf(r.rs, 1),
    withinTarget: within,
    needingAnswer: needing,
    withinTargetShare: needing ? within / needing : null,
  };
};

/**
 * The totals over every ticket of the filtered result in one statement: grouping sets for the
 * whole, per queue, per agent and per local day. The inner select is named `tickets`, so the
 * dashboard's figures (written on tickets' columns) read its rows.
 */
async function totalsRows(
  scope: TenantScope,
  viewer: TicketReportViewer,
  f: TicketReportFilter,
  target: number,
): Promise<Raw[]> {
  const p = reportPeriod(viewer, f);
  const res = await scope.query((db, owns) => {
    // Every column read is in tickets_tenant_created_idx: a year is an index-only scan, and the
    // durations are columns PostgreSQL keeps (nulls are left out of the percentiles).
    const fr = percentiles(firstResponseSecs);
    const rs = percentiles(resolutionSecs);
    const cols = [
      tickets.queueId,
      tickets.userId,
      tickets.status,
      tickets.createdAt,
      tickets.firstResponseSecs,
      tickets.resolutionSecs,
    ].map((c) => sql`${c}`);
    const day = sql.raw('"day"');
    return db.execute(sql`
      select grouping(${tickets.queueId}, ${tickets.userId}, ${day}) as set,
        ${tickets.queueId} as "queueId", ${tickets.userId} as "userId", ${day}::text as day,
        count(*) as tickets,
        count(*) filter (where ${tickets.status} = 'open') as open,
        count(*) filter (where ${tickets.status} = 'pending') as pending,
        count(*) filter (where ${tickets.status} = 'closed') as closed,
        count(${firstResponseSecs}) as "frCount", ${fr} as "fr",
        count(${resolutionSecs}) as "resCount", ${rs} as "rs",
        count(*) filter (where ${withinTargetSql(target)}) as within,
        count(*) filter (where ${needingAnswerSql(target)}) as needing
      from (
        select ${sql.join(cols, sql`, `)},
          (${tickets.createdAt} at time zone ${p.tz})::date as day
        from ${tickets}
        where ${ticketReportScope(db, owns, viewer, f)} and ${inReportPeriod(tickets.createdAt, p)}
      ) as ${tickets}
      group by grouping sets ((), (${tickets.queueId}), (${tickets.userId}), (${day}))`);
  });
  return (res as unknown as { rows: Raw[] }).rows;
}

/**
 * The totals of the filtered result: by state, the service-level figures overall, per queue, per
 * agent and the trend by local day (names joined, rows by name).
 */
export async function ticketsReportTotals(
  scope: TenantScope,
  viewer: TicketReportViewer,
  f: TicketReportFilter,
): Promise<TicketsReportTotals> {
  const targetMinutes = await slaTargetMinutes(scope);
  const dayList = daysOf(f.from, f.to);
  // A long period reads its finished days from the process's cache (relatorio-tickets.days.ts).
  const rows = totalsFromDayCache(dayList.length, viewer, f)
    ? await cachedTotalsRows(scope, viewer, f, dayList, targetMinutes * 60)
    : await totalsRows(scope, viewer, f, targetMinutes * 60);
  // grouping(): a bit per column left out of the set, the first column the highest.
  const of = (set: number) => rows.filter((r) => num(r.set) === set);
  const whole = of(7)[0];
  const idsOf = (list: Raw[], key: string) =>
    list.flatMap((r) => (r[key] === null || r[key] === undefined ? [] : [num(r[key])]));
  const qRows = of(3);
  const uRows = of(5);
  const qIds = idsOf(qRows, 'queueId');
  const uIds = idsOf(uRows, 'userId');
  const qNames = new Map(
    (qIds.length ? await scope.select(queues, inArray(queues.id, qIds)) : []).map((q) => [q.id, q.name]),
  );
  const uNames = new Map(
    (uIds.length ? await scope.select(users, inArray(users.id, uIds)) : []).map((u) => [u.id, u.name]),
  );
  const byName = <T extends { name: string | null }>(a: T, b: T) =>
    a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name, 'pt');
  const idOf = (v: unknown) => (v === null || v === undefined ? null : num(v));
  const byDay = new Map(of(6).map((r) => [String(r.day), r]));
  return {
    byStatus: { open: num(whole?.open), pending: num(whole?.pending), closed: num(whole?.closed) },
    targetMinutes,
    overall: figuresOf(whole ?? {}),
    byQueue: qRows
      .map((r) => {
        const queueId = idOf(r.queueId);
        return { queueId, name: queueId === null ? null : (qNames.get(queueId) ?? ''), ...figuresOf(r) };
      })
      .sort(byName),
    byAgent: uRows
      .map((r) => {
        const userId = idOf(r.userId);
        return { userId, name: userId === null ? null : (uNames.get(userId) ?? ''), ...figuresOf(r) };
      })
      .sort(byName),
    trend: dayList.map((d) => {
      const r = byDay.get(d);
      const x = figuresOf(r ?? {});
      return {
        day: d,
        created: x.tickets,
        firstResponseP50: x.firstResponseP50,
        withinTargetShare: x.withinTargetShare,
      };
    }),
  };
}

async function readPage(
  scope: TenantScope,
  viewer: TicketsReportViewer,
  q: TicketReportQuery,
): Promise<TicketsReportPage> {
  const offset = (q.pageNumber - 1) * q.pageSize;
  // One after another: a request's scope is one connection.
  const rows = await readRows(scope, viewer, q, q.pageSize, offset);
  const totals = await ticketsReportTotals(scope, viewer, q);
  const count = totals.overall.tickets;
  return { rows, count, hasMore: offset + rows.length < count, totals };
}

export const ticketsReportHeaders = (lang: Language): string[] =>
  TICKETS_REPORT_COLUMNS.map((c) => uiCatalogues[lang].reportsService.tickets[c]);

export const ticketsReportCells = (row: TicketsReportRow, lang: Language): Cell[] =>
  TICKETS_REPORT_COLUMNS.map((c) => {
    if (c === 'status') return uiCatalogues[lang].reportsService.tickets.statuses[row.status];
    const v = row[c];
    if (v === null) return '';
    return typeof v === 'number' ? Math.round(v) : v;
  });

export const relatorioTickets: ReportDefinition<
  TicketsReportViewer,
  TicketReportFilter,
  TicketReportQuery,
  TicketsReportRow
> = {
  slug: 'relatorio-tickets',
  errors: [...TICKET_FILTER_ERRORS],
  query: ZTicketReportQuery,
  exportQuery: ZTicketReportExportQuery,
  page: ZTicketsReportPage,
  viewer: viewerOf,
  check: (scope, _viewer, f) => checkTicketFilter(scope, f),
  readPage,
  readAll: (scope, viewer, f) => pagesOf((limit, offset) => readRows(scope, viewer, f, limit, offset)),
  headers: ticketsReportHeaders,
  cells: ticketsReportCells,
};
