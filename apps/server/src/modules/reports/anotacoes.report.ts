/**
 * anotacoes (README "Reports"): the notes written in the period (ticket_notes.created_at, local
 * days) on tickets the viewer sees, narrowed by the ticket's queue, channel and contact tags; the
 * agents filter is the note's author. The note is plain text. Totals: notes per author. Served by
 * ticket_notes_tenant_created_idx.
 */
import {
  ZNoteReportPage,
  ZTicketReportExportQuery,
  ZTicketReportQuery,
  type NoteReportRow,
  type TicketReportFilter,
  type TicketReportQuery,
} from '@prosa/contracts';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.js';
import { contacts, queues, ticketNotes, tickets, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { iso, listCells, listHeaders, listPage, listReportViewer, rowTicketRule, type ListReportViewer } from './lists.shared.js';
import { pagesOf, type ReportDefinition } from './report-route.js';
import { checkTicketFilter, inReportPeriod, reportPeriod, TICKET_FILTER_ERRORS } from './ticket-reports.filter.js';

type Owns = TenantScope['owns'];

/** Notes of the period on visible tickets (the rule says whether `tickets` must be joined). */
function written(db: DbExecutor, owns: Owns, v: ListReportViewer, f: TicketReportFilter) {
  const rule = rowTicketRule(db, owns, v, { ...f, userIds: [] }, ticketNotes.ticketId);
  const where = owns(
    ticketNotes,
    inReportPeriod(ticketNotes.createdAt, reportPeriod(v, f)),
    f.userIds.length ? inArray(ticketNotes.userId, f.userIds) : undefined,
    rule.visible,
  );
  return { rule, where };
}

async function rows(scope: TenantScope, v: ListReportViewer, f: TicketReportFilter, limit: number, offset: number) {
  const found = await scope.query((db, owns) =>
    db
      .select({
        noteId: ticketNotes.id,
        ticketId: tickets.id,
        writtenAt: ticketNotes.createdAt,
        author: users.name,
        protocol: tickets.protocol,
        contact: contacts.name,
        queue: queues.name,
        note: ticketNotes.body,
      })
      .from(ticketNotes)
      .innerJoin(tickets, owns(tickets, eq(tickets.id, ticketNotes.ticketId)))
      .innerJoin(contacts, owns(contacts, eq(contacts.id, tickets.contactId)))
      .leftJoin(users, owns(users, eq(users.id, ticketNotes.userId)))
      .leftJoin(queues, owns(queues, eq(queues.id, tickets.queueId)))
      .where(written(db, owns, v, f).where)
      .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id))
      .limit(limit)
      .offset(offset),
  );
  return found.map((r): NoteReportRow => ({ ...r, writtenAt: iso(r.writtenAt)! }));
}

async function totals(scope: TenantScope, v: ListReportViewer, f: TicketReportFilter) {
  const groups = await scope.query((db, owns) => {
    const { rule, where } = written(db, owns, v, f);
    const q = db
      .select({ userId: ticketNotes.userId, author: users.name, n: count() })
      .from(ticketNotes)
      .leftJoin(users, owns(users, eq(users.id, ticketNotes.userId)))
      .$dynamic();
    return (rule.needsJoin ? q.innerJoin(tickets, owns(tickets, eq(tickets.id, ticketNotes.ticketId))) : q)
      .where(where)
      .groupBy(ticketNotes.userId, users.name)
      .orderBy(desc(count()), asc(users.name));
  });
  const perAuthor = groups.map((g) => ({ userId: g.userId, author: g.author, count: Number(g.n) }));
  return { count: perAuthor.reduce((n, a) => n + a.count, 0), totals: { perAuthor } };
}

export const anotacoesReport: ReportDefinition<ListReportViewer, TicketReportFilter, TicketReportQuery, NoteReportRow> = {
  slug: 'anotacoes',
  errors: [...TICKET_FILTER_ERRORS],
  query: ZTicketReportQuery,
  exportQuery: ZTicketReportExportQuery,
  page: ZNoteReportPage,
  viewer: listReportViewer,
  check: (scope, _v, f) => checkTicketFilter(scope, f),
  readPage: (scope, v, q) => listPage(q, (l, o) => rows(scope, v, q, l, o), () => totals(scope, v, q)),
  readAll: (scope, v, f) => pagesOf((l, o) => rows(scope, v, f, l, o)),
  headers: (lang) => listHeaders('anotacoes', lang),
  cells: (row, lang) => listCells('anotacoes', row, lang),
};
