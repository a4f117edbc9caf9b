/**
 * protocolos (README "Reports"): the tickets created in the period with their protocol, contact
 * (the number masked as the contacts API masks it), channel, queue, agent, status and close.
 * Optional `protocol`: the protocols beginning with these digits. Totals: tickets per status.
 * Served by tickets_tenant_created_idx (period) or tickets_tenant_protocol_idx (a prefix is a range).
 */
import {
  ZProtocolReportExportQuery,
  ZProtocolReportPage,
  ZProtocolReportQuery,
  type ProtocolReportFilter,
  type ProtocolReportQuery,
  type ProtocolReportRow,
} from '@prosa/contracts';
import { and, asc, count, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.js';
import { channels, contacts, queues, tickets, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { numberFor } from '../contacts/contacts.presenter.js';
import { createdIn } from '../dashboard/dashboard.sql.js';
import { iso, listCells, listHeaders, listPage, listReportViewer, type ListReportViewer } from './lists.shared.js';
import { pagesOf, type ReportDefinition } from './report-route.js';
import { checkTicketFilter, reportPeriod, TICKET_FILTER_ERRORS, ticketReportScope } from './ticket-reports.filter.js';

type Owns = TenantScope['owns'];

/** The first digit string after every one that begins with `p` ('2026119' -> '202612'); null for all nines. */
export function afterPrefix(p: string): string | null {
  const head = p.replace(/9+$/, '');
  if (head === '') return null;
  return head.slice(0, -1) + String(Number(head.slice(-1)) + 1);
}

/** Protocols beginning with the digits `p`: a range of the index, and LIKE to be exact. */
function protocolPrefix(p: string): SQL {
  const upper = afterPrefix(p);
  return and(gte(tickets.protocol, p), upper ? lt(tickets.protocol, upper) : undefined, like(tickets.protocol, `${p}%`))!;
}

const created = (db: DbExecutor, owns: Owns, v: ListReportViewer, f: ProtocolReportFilter) =>
  and(ticketReportScope(db, owns, v, f), createdIn(reportPeriod(v, f)), f.protocol ? protocolPrefix(f.protocol) : undefined)!;

async function rows(scope: TenantScope, v: ListReportViewer, f: ProtocolReportFilter, limit: number, offset: number) {
  const found = await scope.query((db, owns) =>
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
        closedAt: tickets.closedAt,
      })
      .from(tickets)
      .innerJoin(contacts, owns(contacts, eq(contacts.id, tickets.contactId)))
      .leftJoin(users, owns(users, eq(users.id, tickets.userId)))
      .leftJoin(queues, owns(queues, eq(queues.id, tickets.queueId)))
      .leftJoin(channels, owns(channels, eq(channels.id, tickets.channelId)))
      .where(created(db, owns, v, f))
      .orderBy(asc(tickets.createdAt), asc(tickets.id))
      .limit(limit)
      .offset(offset),
  );
  return found.map(
    (r): ProtocolReportRow => ({
      ...r,
      number: numberFor(v.contacts, r.number),
      createdAt: iso(r.createdAt)!,
      // A reopened ticket keeps its last close until it closes again: only a closed one shows it.
      closedAt: r.status === 'closed' ? iso(r.closedAt) : null,
    }),
  );
}

async function totals(scope: TenantScope, v: ListReportViewer, f: ProtocolReportFilter) {
  const groups = await scope.query((db, owns) =>
    db
      .select({ status: tickets.status, n: count() })
      .from(tickets)
      .where(created(db, owns, v, f))
      .groupBy(tickets.status),
  );
  const byStatus = { open: 0, pending: 0, closed: 0 };
  for (const g of groups) byStatus[g.status] = Number(g.n);
  return { count: byStatus.open + byStatus.pending + byStatus.closed, totals: { byStatus } };
}

export const protocolosReport: ReportDefinition<ListReportViewer, ProtocolReportFilter, ProtocolReportQuery, ProtocolReportRow> = {
  slug: 'protocolos',
  errors: [...TICKET_FILTER_ERRORS],
  query: ZProtocolReportQuery,
  exportQuery: ZProtocolReportExportQuery,
  page: ZProtocolReportPage,
  viewer: listReportViewer,
  check: (scope, _v, f) => checkTicketFilter(scope, f),
  readPage: (scope, v, q) => listPage(q, (l, o) => rows(scope, v, q, l, o), () => totals(scope, v, q)),
  readAll: (scope, v, f) => pagesOf((l, o) => rows(scope, v, f, l, o)),
  headers: (lang) => listHeaders('protocolos', lang),
  cells: (row, lang) => listCells('protocolos', row, lang),
};
