/**
 * The ticket reports of /relatorios (SPEC §2 and §5): the reports that read tickets and what hangs
 * on them (agents' work, service levels, ratings, protocols, notes, schedules, calls). They share
 * one filter: a period of local days of the company (both included) and the desk's lists of
 * queues, agents, channels and tags; each report names the date its period reads (created, rated,
 * written, due...). The same schema validates the querystring on the server and the web form.
 */
import { z } from 'zod';
import { idList, periodInOrder } from './reports.js';
import { V, ZIsoDate } from './common.js';
import type { ReportSlug } from './reports.js';

/** The ticket reports, in the order of the index. */
export const TICKET_REPORTS = [
  'estatisticas-atendimentos-usuarios',
  'relatorio-tickets',
  'avaliacoes',
  'protocolos',
  'anotacoes',
  'agendamentosold',
  'ligacoes',
] as const satisfies readonly ReportSlug[];
export type TicketReportSlug = (typeof TICKET_REPORTS)[number];

export const isTicketReport = (slug: string): slug is TicketReportSlug =>
  (TICKET_REPORTS as readonly string[]).includes(slug);

/** A period longer than this many days is refused (a report reads at most about a year at once). */
export const TICKET_REPORT_MAX_DAYS = 400;

const dayNumber = (s: string) => Date.parse(`${s}T00:00:00Z`) / 86_400_000;

/** The fields of the ticket reports' filter: the period is required, every list optional. */
export const ticketReportFields = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  queueIds: idList,
  userIds: idList,
  channelIds: idList,
  tagIds: idList,
});

/** The period is in order and not longer than TICKET_REPORT_MAX_DAYS. */
export const periodFits = <T extends z.ZodType<{ from: string; to: string }>>(s: T) =>
  periodInOrder(s).refine((f) => dayNumber(f.to) - dayNumber(f.from) < TICKET_REPORT_MAX_DAYS, {
    message: V.invalidDate,
    path: ['to'],
  });

export const ZTicketReportFilter = periodFits(ticketReportFields);
export type TicketReportFilter = z.infer<typeof ZTicketReportFilter>;

export const ZTicketReportQuery = periodFits(
  ticketReportFields.extend({
    pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
  }),
);
export type TicketReportQuery = z.infer<typeof ZTicketReportQuery>;

export const ZTicketReportExportQuery = periodFits(
  ticketReportFields.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
);

/**
 * The answer of every report: a page of rows, the row count of the whole filtered result, whether
 * more pages follow, and the report's own totals over the whole result.
 */
export const reportPageOf = <R extends z.ZodType, T extends z.ZodType>(row: R, totals: T) =>
  z.object({ rows: z.array(row), count: z.number(), hasMore: z.boolean(), totals });
