/**
 * What the list reports (avaliacoes, protocolos, anotacoes, agendamentosold, ligacoes; README
 * "Reports") share: the viewer (the desk's ticket visibility, the company's time zone, and how the
 * contacts API shows contacts: numbers masked, own wallet only, ContactAdmin), the names joined
 * once per statement, the contacts of chosen tags, and a page with its count and totals.
 */
import { ERROR_CODES, errorCatalogues, LIST_REPORT_COLUMNS, messageText, repetitionText, uiCatalogues, type ErrorCode, type Language, type ListColumnKind, type ListReportRows, type ListReportSlug } from '@prosa/contracts';
import type { TicketReportFilter } from '@prosa/contracts';
import { and, eq, inArray, isNull, not, notExists, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbExecutor } from '../../platform/db/client.js';
import { contactTags, contactWallets, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { contactView, type ContactView } from '../contacts/contacts.policy.js';
import { maySeeAll } from '../tickets/tickets.policy.js';
import { privacySql } from '../tickets/tickets.visibility-sql.js';
import { getSetting } from '../settings/settings.queries.js';
import type { Cell } from './report-file.js';
import { ticketReportScope, ticketReportViewer, type TicketReportViewer } from './ticket-reports.filter.js';

type Owns = TenantScope['owns'];

export interface ListReportViewer extends TicketReportViewer {
  contacts: ContactView;
  /** The contacts API is open to this viewer (with `ContactAdmin` on, admins only). */
  contactsAllowed: boolean;
}

export async function listReportViewer(req: FastifyRequest): Promise<ListReportViewer> {
  const base = await ticketReportViewer(req);
  // One after another: a request's scope is one connection.
  const view = await contactView(req.scope, req.auth);
  const contactsAllowed = req.auth.isAdmin || (await getSetting(req.scope, 'ContactAdmin')) !== 'enabled';
  return { ...base, contacts: view, contactsAllowed };
}

/** Rows whose contact has one of the tags (the contact column of the report's table). */
export const contactTagged = (db: DbExecutor, owns: Owns, col: SQL | { getSQL(): SQL }, tagIds: number[]): SQL | undefined =>
  tagIds.length === 0
    ? undefined
    : inArray(
        sql`${col}`,
        db
          .select({ id: contactTags.contactId })
          .from(contactTags)
          .where(owns(contactTags, inArray(contactTags.tagId, tagIds))),
      );

type Col = SQL | { getSQL(): SQL };

/**
 * How a note's, schedule's or call's ticket is checked: ticketReportScope on the joined `tickets`
 * row (the desk's visibility and the ticket filters), or, for an admin or general supervisor
 * without ticket filters (for whom that rule is only the privacy one), "not another agent's
 * private ticket" as an anti-join with the few private tickets (tickets_tenant_private_idx): the
 * totals then read no ticket at all, which is what a year of rows would otherwise cost.
 */
export interface RowTicketRule {
  /** The statement must join `tickets` on the row's ticket for `visible`. */
  needsJoin: boolean;
  visible: SQL;
}

export function rowTicketRule(db: DbExecutor, owns: Owns, viewer: TicketReportViewer, f: TicketReportFilter, ticketIdCol: Col): RowTicketRule {
  const v = viewer.tickets;
  const onlyPrivacy =
    maySeeAll(v) && v.channelIds.length === 0 && [f.queueIds, f.userIds, f.channelIds, f.tagIds].every((l) => l.length === 0);
  if (!onlyPrivacy) return { needsJoin: true, visible: ticketReportScope(db, owns, viewer, f) };
  const hidden = db
    .select({ one: sql`1` })
    .from(tickets)
    .where(owns(tickets, eq(tickets.id, sql`${ticketIdCol}`), not(privacySql(v))));
  return { needsJoin: false, visible: notExists(hidden) };
}

/**
 * A schedule or call without a ticket: shown as the contacts API shows its contact (the viewer
 * reaches the contacts: not with ContactAdmin for a non-admin; and with own wallet only, the
 * contact is in its wallet: contacts.queries.ts visible()'s wallet rule on the row's contact). A
 * queue filter keeps only rows of tickets (a row without a ticket has no queue).
 */
export function withoutTicketVisible(
  db: DbExecutor,
  owns: Owns,
  viewer: ListReportViewer,
  ticketIdCol: Col,
  contactIdCol: Col,
  queueIds: number[],
): SQL {
  if (!viewer.contactsAllowed || queueIds.length > 0) return sql`false`;
  const wallet = viewer.contacts.walletUserId;
  return and(
    isNull(sql`${ticketIdCol}`),
    wallet === null
      ? undefined
      : inArray(
          sql`${contactIdCol}`,
          db
            .select({ id: contactWallets.contactId })
            .from(contactWallets)
            .where(owns(contactWallets, eq(contactWallets.userId, wallet))),
        ),
  )!;
}

export const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A page of a report: its rows and the count and totals of the whole result, read together. */
export async function listPage<Row, Totals>(
  q: { pageNumber: number; pageSize: number },
  rows: (limit: number, offset: number) => Promise<Row[]>,
  totals: () => Promise<{ count: number; totals: Totals }>,
): Promise<{ rows: Row[]; count: number; hasMore: boolean; totals: Totals }> {
  const offset = (q.pageNumber - 1) * q.pageSize;
  const [page, t] = await Promise.all([rows(q.pageSize, offset), totals()]);
  return { rows: page, count: t.count, totals: t.totals, hasMore: offset + page.length < t.count };
}

/** The file's headers, in the user's language. */
export function listHeaders(slug: ListReportSlug, lang: Language): string[] {
  const t = uiCatalogues[lang].reportsLists.columns;
  return LIST_REPORT_COLUMNS[slug].map((c) => t[c.key as keyof typeof t]);
}

const isErrorCode = (s: string): s is ErrorCode => (ERROR_CODES as readonly string[]).includes(s);

/** A value as the file writes it: dates as ISO, values of a list translated, nothing as empty. */
export function listCell(kind: ListColumnKind, v: unknown, lang: Language, row: Record<string, unknown> = {}): Cell {
  const t = uiCatalogues[lang].reportsLists;
  if (kind === 'message') return messageText(String(v ?? ''), row.mediaName as string | null, t.columns.mediaName);
  if (kind === 'repetition') return repetitionText(Number(v ?? 0), row.repeatPeriod as string | null, t.period);
  if (v === null || v === undefined) return '';
  const pick = (m: Record<string, string>) => m[String(v)] ?? String(v);
  switch (kind) {
    case 'number':
    case 'duration':
      return Number(v);
    case 'bool':
      return v ? t.yes : t.no;
    case 'ticketStatus':
      return pick(t.ticketStatus);
    case 'scheduleStatus':
      return pick(t.scheduleStatus);
    case 'direction':
      return pick(t.direction);
    case 'callStatus':
      return pick(t.callStatus);
    case 'error':
      return isErrorCode(String(v)) ? errorCatalogues[lang][v as ErrorCode].message : String(v);
    default:
      return String(v);
  }
}

/** A row's cells in the report's column order. */
export function listCells<S extends ListReportSlug>(slug: S, row: ListReportRows[S], lang: Language): Cell[] {
  const r = row as Record<string, unknown>;
  return LIST_REPORT_COLUMNS[slug].map((c) => listCell(c.kind, r[c.key], lang, r));
}
