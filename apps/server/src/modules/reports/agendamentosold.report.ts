/**
 * agendamentosold (README "Reports"): the schedules due in the period (schedules.send_at, local
 * days; a repeating one by its next occurrence), with their contact, ticket protocol, author,
 * message, repetition, sends, status and last error. Who sees one: a schedule on a ticket as the
 * desk shows that ticket (the queues of a supervisor of queues); one without a ticket as the
 * contacts API shows its contact (own wallet only with userContactWallet, none with ContactAdmin
 * for a non-admin). Filters: queues and channels of the ticket (a schedule without a ticket has
 * neither), the agents filter is the author, tags of the contact. Totals: schedules per status.
 * Served by schedules_tenant_send_at_idx.
 */
import {
  ZScheduleReportPage,
  ZTicketReportExportQuery,
  ZTicketReportQuery,
  type ScheduleReportRow,
  type TicketReportFilter,
  type TicketReportQuery,
} from '@prosa/contracts';
import { and, asc, count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.js';
import { contacts, schedules, tickets, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
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

function due(db: DbExecutor, owns: Owns, v: ListReportViewer, f: TicketReportFilter) {
  const rule = rowTicketRule(db, owns, v, { ...f, userIds: [], tagIds: [] }, schedules.ticketId);
  const where = owns(
    schedules,
    inReportPeriod(schedules.sendAt, reportPeriod(v, f)),
    f.userIds.length ? inArray(schedules.userId, f.userIds) : undefined,
    contactTagged(db, owns, schedules.contactId, f.tagIds),
    or(
      and(isNotNull(schedules.ticketId), rule.visible),
      withoutTicketVisible(db, owns, v, schedules.ticketId, schedules.contactId, [...f.queueIds, ...f.channelIds]),
    ),
  );
  return { rule, where };
}

async function rows(scope: TenantScope, v: ListReportViewer, f: TicketReportFilter, limit: number, offset: number) {
  const found = await scope.query((db, owns) =>
    db
      .select({
        scheduleId: schedules.id,
        ticketId: schedules.ticketId,
        createdAt: schedules.createdAt,
        sendAt: schedules.sendAt,
        contact: contacts.name,
        protocol: tickets.protocol,
        author: users.name,
        message: schedules.body,
        mediaName: schedules.mediaName,
        repeatCount: schedules.repeatCount,
        repeatPeriod: schedules.repeatPeriod,
        sentCount: schedules.sentCount,
        status: schedules.status,
        lastError: schedules.lastError,
      })
      .from(schedules)
      .innerJoin(contacts, owns(contacts, eq(contacts.id, schedules.contactId)))
      .leftJoin(tickets, owns(tickets, eq(tickets.id, schedules.ticketId)))
      .leftJoin(users, owns(users, eq(users.id, schedules.userId)))
      .where(due(db, owns, v, f).where)
      .orderBy(asc(schedules.sendAt), asc(schedules.id))
      .limit(limit)
      .offset(offset),
  );
  return found.map((r): ScheduleReportRow => ({ ...r, createdAt: iso(r.createdAt)!, sendAt: iso(r.sendAt)! }));
}

async function totals(scope: TenantScope, v: ListReportViewer, f: TicketReportFilter) {
  const groups = await scope.query((db, owns) => {
    const { rule, where } = due(db, owns, v, f);
    const q = db
      .select({ status: schedules.status, n: count() })
      .from(schedules)
      .$dynamic();
    return (rule.needsJoin ? q.leftJoin(tickets, owns(tickets, eq(tickets.id, schedules.ticketId))) : q)
      .where(where)
      .groupBy(schedules.status);
  });
  const byStatus = { pending: 0, sent: 0, error: 0 };
  for (const g of groups) byStatus[g.status] = Number(g.n);
  return { count: byStatus.pending + byStatus.sent + byStatus.error, totals: { byStatus } };
}

export const agendamentosoldReport: ReportDefinition<ListReportViewer, TicketReportFilter, TicketReportQuery, ScheduleReportRow> = {
  slug: 'agendamentosold',
  errors: [...TICKET_FILTER_ERRORS],
  query: ZTicketReportQuery,
  exportQuery: ZTicketReportExportQuery,
  page: ZScheduleReportPage,
  viewer: listReportViewer,
  check: (scope, _v, f) => checkTicketFilter(scope, f),
  readPage: (scope, v, q) => listPage(q, (l, o) => rows(scope, v, q, l, o), () => totals(scope, v, q)),
  readAll: (scope, v, f) => pagesOf((l, o) => rows(scope, v, f, l, o)),
  headers: (lang) => listHeaders('agendamentosold', lang),
  cells: (row, lang) => listCells('agendamentosold', row, lang),
};
