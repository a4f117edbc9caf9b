/**
 * A page of the contact reports as the API answers it (ZContactReportPage) and as the export
 * writes it: tags, wallets and lane names read per page (one statement each), numbers masked as
 * the contacts API masks them, and a lane shown only to whoever sees it on the board.
 */
import {
  CONTACT_REPORT_COLUMNS,
  stateOfNumber,
  type ContactReportColumn,
  type ContactReportFilter,
  type ContactReportQuery,
  type ContactReportRow,
  type ContactReportSlug,
  type Language,
  type ContactReportPage,
  uiCatalogues,
} from '@prosa/contracts';
import { and, inArray } from 'drizzle-orm';
import { crmLanes } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { numberFor } from '../contacts/contacts.presenter.js';
import { relationsOfContacts } from '../contacts/contacts.queries.js';
import { lanesOf } from '../kanban/kanban.policy.js';
import type { ReportViewer } from './contact-reports.filter.js';
import { reportRows, reportTotals, type ContactReportDbRow } from './contact-reports.queries.js';

async function present(
  scope: TenantScope,
  viewer: ReportViewer,
  rows: ContactReportDbRow[],
): Promise<ContactReportRow[]> {
  const ids = [...new Set(rows.map((r) => r.id))];
  const laneIds = [...new Set(rows.flatMap((r) => (r.crmLaneId === null ? [] : [r.crmLaneId])))];
  const [{ tagsBy, walletsBy }, lanes] = await Promise.all([
    relationsOfContacts(scope, ids),
    laneIds.length === 0 ? [] : scope.select(crmLanes, and(inArray(crmLanes.id, laneIds), lanesOf(viewer.lanes))),
  ]);
  const laneName = new Map(lanes.map((l) => [l.id, l.name]));
  return rows.map((r) => ({
    contactId: r.id,
    group: r.group,
    name: r.name,
    number: numberFor(viewer.contacts, r.number),
    email: r.email,
    tags: (tagsBy.get(r.id) ?? []).map((t) => t.name),
    wallets: (walletsBy.get(r.id) ?? []).map((u) => u.name),
    lane: r.crmLaneId === null ? null : (laneName.get(r.crmLaneId) ?? null),
    dealValue: r.dealValue === null ? null : Number(r.dealValue),
    state: stateOfNumber(r.number),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One page of a report with the count and totals of the whole filtered result. */
export async function contactReportPage(
  scope: TenantScope,
  viewer: ReportViewer,
  slug: ContactReportSlug,
  q: ContactReportQuery,
): Promise<ContactReportPage> {
  const offset = (q.pageNumber - 1) * q.pageSize;
  const [rows, { count, totals }] = await Promise.all([
    reportRows(scope, viewer, slug, q, q.pageSize, offset),
    reportTotals(scope, viewer, slug, q),
  ]);
  return { rows: await present(scope, viewer, rows), count, totals, hasMore: offset + rows.length < count };
}

const EXPORT_PAGE = 1000;

/** Every row of the filtered result, a page at a time (the export never holds it all). */
export async function* allContactReportRows(
  scope: TenantScope,
  viewer: ReportViewer,
  slug: ContactReportSlug,
  f: ContactReportFilter,
): AsyncGenerator<ContactReportRow[]> {
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const rows = await reportRows(scope, viewer, slug, f, EXPORT_PAGE, offset);
    if (rows.length > 0) yield await present(scope, viewer, rows);
    if (rows.length < EXPORT_PAGE) return;
  }
}

/** The column headers of a report in a language: the group column is named after the report's group. */
export function contactReportHeaders(slug: ContactReportSlug, lang: Language): string[] {
  const t = uiCatalogues[lang].reports;
  return CONTACT_REPORT_COLUMNS[slug].map((c) =>
    c === 'group' && slug !== 'lista-contatos' ? t.groupBy[slug] : t.columns[c],
  );
}

/** A cell of the export: lists joined, a deal value as a number, nothing as empty. */
export function contactReportCell(row: ContactReportRow, column: ContactReportColumn): string | number {
  const v = row[column];
  if (v === null) return '';
  if (Array.isArray(v)) return v.join(', ');
  return v;
}
