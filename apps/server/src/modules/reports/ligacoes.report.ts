/**
 * ligacoes (README "Reports"): the call log (call_logs, SPEC §3) of the period (started_at, local
 * days): direction, status, contact (the number masked as the contacts API masks it), agent,
 * channel, ticket protocol, duration and whether a recording exists. Nothing writes calls yet (the
 * voice channel is a later issue): the route and columns are ready. Who sees a call follows
 * agendamentosold's rule: with a ticket as the desk shows it, without one as the contacts API shows
 * its contact. Filters: agents and channels of the call, queues of its ticket, tags of the contact.
 * Totals: calls per direction and per status. Served by call_logs_tenant_started_idx.
 */
import {
  ZCallReportPage,
  ZTicketReportExportQuery,
  ZTicketReportQuery,
  type CallReportRow,
  type TicketReportFilter,
  type TicketReportQuery,
} from '@prosa/contracts';
import { and, asc, count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.js';
import { callLogs, channels, contacts, tickets, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { numberFor } from '../contacts/contacts.presenter.js';
import {
  contactTagged,
  iso,
  listCells,
  listHeaders,
  listPage,
  listReportViewer,
  rowTicketRule,
  withoutTicketVisible,
  type ListReportViewer,
} from './lists.shared.js';
import { pagesOf, type ReportDefinition } from './report-route.js';
import { checkTicketFilter, inReportPeriod, reportPeriod, TICKET_FILTER_ERRORS } from './ticket-reports.filter.js';

type Owns = TenantScope['owns'];

function started(db: DbExecutor, owns: Owns, v: ListReportViewer, f: TicketReportFilter) {
  const rule = rowTicketRule(db, owns, v, { ...f, userIds: [], channelIds: [], tagIds: [] }, callLogs.ticketId);
  const where = owns(
    callLogs,
    inReportPeriod(callLogs.startedAt, reportPeriod(v, f)),
    f.userIds.length ? inArray(callLogs.userId, f.userIds) : undefined,
    f.channelIds.length ? inArray(callLogs.channelId, f.channelIds) : undefined,
    contactTagged(db, owns, callLogs.contactId, f.tagIds),
    or(
      and(isNotNull(callLogs.ticketId), rule.visible),
      withoutTicketVisible(db, owns, v, callLogs.ticketId, callLogs.contactId, f.queueIds),
    ),
  );
  return { rule, where };
}

async function rows(scope: TenantScope, v: ListReportViewer, f: TicketReportFilter, limit: number, offset: number) {
  const found = await scope.query((db, owns) =>
    db
      .select({
        callId: callLogs.id,
        startedAt: callLogs.startedAt,
        direction: callLogs.direction,
        status: callLogs.status,
        contact: contacts.name,
        number: contacts.number,
        agent: users.name,
        channel: channels.name,
        protocol: tickets.protocol,
        durationSeconds: callLogs.durationSeconds,
        recordingId: callLogs.recordingId,
      })
      .from(callLogs)
      .innerJoin(contacts, owns(contacts, eq(contacts.id, callLogs.contactId)))
      .leftJoin(tickets, owns(tickets, eq(tickets.id, callLogs.ticketId)))
      .leftJoin(users, owns(users, eq(users.id, callLogs.userId)))
      .leftJoin(channels, owns(channels, eq(channels.id, callLogs.channelId)))
      .where(started(db, owns, v, f).where)
      .orderBy(asc(callLogs.startedAt), asc(callLogs.id))
      .limit(limit)
      .offset(offset),
  );
  return found.map(
    ({ recordingId, ...r }): CallReportRow => ({
      ...r,
      number: numberFor(v.contacts, r.number),
      startedAt: iso(r.startedAt)!,
      hasRecording: recordingId !== null,
    }),
  );
}

async function totals(scope: TenantScope, v: ListReportViewer, f: TicketReportFilter) {
  const groups = await scope.query((db, owns) => {
    const { rule, where } = started(db, owns, v, f);
    const q = db
      .select({ direction: callLogs.direction, status: callLogs.status, n: count() })
      .from(callLogs)
      .$dynamic();
    return (rule.needsJoin ? q.leftJoin(tickets, owns(tickets, eq(tickets.id, callLogs.ticketId))) : q)
      .where(where)
      .groupBy(callLogs.direction, callLogs.status);
  });
  const byDirection = { in: 0, out: 0 };
  const byStatus = new Map<string, number>();
  for (const g of groups) {
    byDirection[g.direction] += Number(g.n);
    byStatus.set(g.status, (byStatus.get(g.status) ?? 0) + Number(g.n));
  }
  return {
    count: byDirection.in + byDirection.out,
    totals: {
      byDirection,
      byStatus: [...byStatus].map(([status, n]) => ({ status, count: n })).sort((a, b) => a.status.localeCompare(b.status)),
    },
  };
}

export const ligacoesReport: ReportDefinition<ListReportViewer, TicketReportFilter, TicketReportQuery, CallReportRow> = {
  slug: 'ligacoes',
  errors: [...TICKET_FILTER_ERRORS],
  query: ZTicketReportQuery,
  exportQuery: ZTicketReportExportQuery,
  page: ZCallReportPage,
  viewer: listReportViewer,
  check: (scope, _v, f) => checkTicketFilter(scope, f),
  readPage: (scope, v, q) => listPage(q, (l, o) => rows(scope, v, q, l, o), () => totals(scope, v, q)),
  readAll: (scope, v, f) => pagesOf((l, o) => rows(scope, v, f, l, o)),
  headers: (lang) => listHeaders('ligacoes', lang),
  cells: (row, lang) => listCells('ligacoes', row, lang),
};
