/**
 * avaliacoes (README "Reports"): the tickets rated in the period (tickets.rated_at, local days),
 * one row each; the rated agent is the ticket's agent. Totals: the count, the average, how many of
 * each rating 1 to 5, and per agent the count and average. Served by tickets_tenant_rated_idx.
 */
import {
  ZRatingReportPage,
  ZTicketReportExportQuery,
  ZTicketReportQuery,
  type RatingReportRow,
  type RatingReportTotals,
  type TicketReportFilter,
  type TicketReportQuery,
} from '@prosa/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.js';
import { channels, contacts, queues, tickets, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { iso, listCells, listHeaders, listPage, listReportViewer, type ListReportViewer } from './lists.shared.js';
import { pagesOf, type ReportDefinition } from './report-route.js';
import { checkTicketFilter, inReportPeriod, reportPeriod, TICKET_FILTER_ERRORS, ticketReportScope } from './ticket-reports.filter.js';

type Owns = TenantScope['owns'];

const rated = (db: DbExecutor, owns: Owns, v: ListReportViewer, f: TicketReportFilter) =>
  and(
    ticketReportScope(db, owns, v, f),
    sql`${tickets.rating} is not null`,
    inReportPeriod(tickets.ratedAt, reportPeriod(v, f)),
  )!;

async function rows(scope: TenantScope, v: ListReportViewer, f: TicketReportFilter, limit: number, offset: number) {
  const found = await scope.query((db, owns) =>
    db
      .select({
        ticketId: tickets.id,
        ratedAt: tickets.ratedAt,
        protocol: tickets.protocol,
        contact: contacts.name,
        agent: users.name,
        queue: queues.name,
        channel: channels.name,
        rating: tickets.rating,
      })
      .from(tickets)
      .innerJoin(contacts, owns(contacts, eq(contacts.id, tickets.contactId)))
      .leftJoin(users, owns(users, eq(users.id, tickets.userId)))
      .leftJoin(queues, owns(queues, eq(queues.id, tickets.queueId)))
      .leftJoin(channels, owns(channels, eq(channels.id, tickets.channelId)))
      .where(rated(db, owns, v, f))
      .orderBy(asc(tickets.ratedAt), asc(tickets.id))
      .limit(limit)
      .offset(offset),
  );
  return found.map((r): RatingReportRow => ({ ...r, ratedAt: iso(r.ratedAt)!, rating: r.rating ?? 0 }));
}

const mean = (total: number, n: number) => (n === 0 ? null : Math.round((total / n) * 100) / 100);

/** One statement: ratings per agent and value; the rest is arithmetic on that small table. */
async function totals(scope: TenantScope, v: ListReportViewer, f: TicketReportFilter) {
  const groups = await scope.query((db, owns) =>
    db
      .select({ userId: tickets.userId, agent: users.name, rating: tickets.rating, n: count() })
      .from(tickets)
      .leftJoin(users, owns(users, eq(users.id, tickets.userId)))
      .where(rated(db, owns, v, f))
      .groupBy(tickets.userId, users.name, tickets.rating),
  );
  const byAgent = new Map<number | null, { userId: number | null; agent: string | null; count: number; sum: number }>();
  const distribution = [1, 2, 3, 4, 5].map((rating) => ({ rating, count: 0 }));
  let n = 0;
  let total = 0;
  for (const g of groups) {
    const c = Number(g.n);
    const r = g.rating ?? 0;
    n += c;
    total += r * c;
    const slot = distribution.find((d) => d.rating === r);
    if (slot) slot.count += c;
    const a = byAgent.get(g.userId) ?? { userId: g.userId, agent: g.agent, count: 0, sum: 0 };
    a.count += c;
    a.sum += r * c;
    byAgent.set(g.userId, a);
  }
  const perAgent = [...byAgent.values()]
    .map((a) => ({ userId: a.userId, agent: a.agent, count: a.count, average: mean(a.sum, a.count)! }))
    .sort((x, y) => y.count - x.count || (x.agent ?? '\uffff').localeCompare(y.agent ?? '\uffff'));
  const out: RatingReportTotals = { count: n, average: mean(total, n), distribution, perAgent };
  return { count: n, totals: out };
}

export const avaliacoesReport: ReportDefinition<ListReportViewer, TicketReportFilter, TicketReportQuery, RatingReportRow> = {
  slug: 'avaliacoes',
  errors: [...TICKET_FILTER_ERRORS],
  query: ZTicketReportQuery,
  exportQuery: ZTicketReportExportQuery,
  page: ZRatingReportPage,
  viewer: listReportViewer,
  check: (scope, _v, f) => checkTicketFilter(scope, f),
  readPage: (scope, v, q) => listPage(q, (l, o) => rows(scope, v, q, l, o), () => totals(scope, v, q)),
  readAll: (scope, v, f) => pagesOf((l, o) => rows(scope, v, f, l, o)),
  headers: (lang) => listHeaders('avaliacoes', lang),
  cells: (row, lang) => listCells('avaliacoes', row, lang),
};
