/**
 * Reports (/relatorios, SPEC §2 and §5): every report is a ReportDefinition (report-route.ts) with
 * `GET /reports/{slug}` and its export. Admins and supervisors (general or of queues) only; each
 * sees what the desk lets it see (the contacts' wallet and number rules, the lanes of its board,
 * the tickets of its queues), always within its company.
 */
import {
  CONTACT_REPORT_COLUMNS,
  CONTACT_REPORTS,
  ZContactReportPage,
  ZContactReportQuery,
  ZReportExportQuery,
  type ContactReportFilter,
  type ContactReportQuery,
  type ContactReportRow,
  type ErrorCode,
} from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import { assertMayUseContacts, contactView } from '../contacts/contacts.policy.js';
import { laneViewer } from '../kanban/kanban.policy.js';
import { getOwnTenant } from '../tenants/tenants.queries.js';
import { checkFilter, type ReportViewer } from './contact-reports.filter.js';
import {
  allContactReportRows,
  contactReportCell,
  contactReportHeaders,
  contactReportPage,
} from './contact-reports.rows.js';
import { registerReport } from './report-route.js';
import { TICKET_REPORT_DEFINITIONS } from './ticket-reports.js';

const CONTACT_ERRORS: ErrorCode[] = [
  'ERR_REPORT_FILTER_REQUIRED',
  'ERR_NO_TAG_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_LANE_FOUND',
];

async function contactViewer(req: FastifyRequest): Promise<ReportViewer> {
  await assertMayUseContacts(req.scope, req.auth);
  const [contacts, lanes, tenant] = await Promise.all([
    contactView(req.scope, req.auth),
    laneViewer(req.scope, req.auth),
    getOwnTenant(req.scope),
  ]);
  return { contacts, lanes, timeZone: tenant.timezone };
}

export const reportsRoutes: FastifyPluginAsync = async (app) => {
  for (const slug of CONTACT_REPORTS) {
    registerReport<ReportViewer, ContactReportFilter, ContactReportQuery, ContactReportRow>(app, {
      slug,
      errors: CONTACT_ERRORS,
      query: ZContactReportQuery,
      exportQuery: ZReportExportQuery,
      page: ZContactReportPage,
      viewer: contactViewer,
      check: (scope, viewer, f) => checkFilter(scope, viewer, slug, f),
      readPage: (scope, viewer, q) => contactReportPage(scope, viewer, slug, q),
      readAll: (scope, viewer, f) => allContactReportRows(scope, viewer, slug, f),
      headers: (lang) => contactReportHeaders(slug, lang),
      cells: (row) => CONTACT_REPORT_COLUMNS[slug].map((c) => contactReportCell(row, c)),
    });
  }
  for (const def of TICKET_REPORT_DEFINITIONS) registerReport(app, def);
};
