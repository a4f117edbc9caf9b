/**
 * The list reports of /relatorios (README "Reports"): avaliacoes (ratings), protocolos (tickets
 * and their protocols), anotacoes (ticket notes), agendamentosold (scheduled messages) and ligacoes
 * (call logs). Each reads the shared ticket filter (ticket-reports.ts) on its own date (rated,
 * created, written, due, started) and answers reportPageOf(row, totals). protocolos adds an
 * optional protocol prefix. The columns of each, in order, are the table's, the CSV's and the XLSX's.
 */
import { z } from 'zod';
import { SCHEDULE_PERIODS, SCHEDULE_STATUSES } from './schedules.js';
import { periodFits, reportPageOf, ticketReportFields } from './ticket-reports.js';
import { V } from './common.js';

export const LIST_REPORTS = ['avaliacoes', 'protocolos', 'anotacoes', 'agendamentosold', 'ligacoes'] as const;
export type ListReportSlug = (typeof LIST_REPORTS)[number];

/**
 * The beginning of a protocol (digits: yyyymmdd and the day's sequence); blank is no filter. A
 * prefix is a range of the indexed (tenant_id, protocol).
 */
export const ZProtocolPrefix = z
  .string()
  .trim()
  .regex(/^\d{0,30}$/, V.invalidValue)
  .optional()
  .transform((s) => (s ? s : undefined));

const protocolFields = ticketReportFields.extend({ protocol: ZProtocolPrefix });
export const ZProtocolReportFilter = periodFits(protocolFields);
export type ProtocolReportFilter = z.infer<typeof ZProtocolReportFilter>;
export const ZProtocolReportQuery = periodFits(
  protocolFields.extend({
    pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
  }),
);
export type ProtocolReportQuery = z.infer<typeof ZProtocolReportQuery>;
export const ZProtocolReportExportQuery = periodFits(
  protocolFields.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
);

const TICKET_STATUSES = ['open', 'pending', 'closed'] as const;
export const CALL_DIRECTIONS = ['in', 'out'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
/** What became of a call; the voice channel (a later issue) writes these. */
export const CALL_STATUSES = ['answered', 'missed', 'rejected', 'failed', 'ended'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

const name = z.string().nullable();
const when = z.string();

// avaliacoes: a rated ticket; the rated agent is the ticket's agent.
export const ZRatingReportRow = z.object({
  ticketId: z.number(),
  ratedAt: when,
  protocol: z.string(),
  contact: z.string(),
  agent: name,
  queue: name,
  channel: name,
  rating: z.number(),
});
export type RatingReportRow = z.infer<typeof ZRatingReportRow>;
export const ZRatingReportTotals = z.object({
  count: z.number(),
  /** The mean rating, two decimals; null without ratings. */
  average: z.number().nullable(),
  /** How many of each rating, 1 to 5 (all five, zeros included). */
  distribution: z.array(z.object({ rating: z.number(), count: z.number() })),
  /** Per agent (by name; tickets without an agent under null), most ratings first. */
  perAgent: z.array(z.object({ userId: z.number().nullable(), agent: name, count: z.number(), average: z.number() })),
});
export type RatingReportTotals = z.infer<typeof ZRatingReportTotals>;
export const ZRatingReportPage = reportPageOf(ZRatingReportRow, ZRatingReportTotals);
export type RatingReportPage = z.infer<typeof ZRatingReportPage>;

// protocolos: a ticket created in the period; `number` masked as the contacts API masks it.
export const ZProtocolReportRow = z.object({
  ticketId: z.number(),
  protocol: z.string(),
  createdAt: when,
  contact: z.string(),
  number: z.string(),
  channel: name,
  queue: name,
  agent: name,
  status: z.enum(TICKET_STATUSES),
  closedAt: when.nullable(),
});
export type ProtocolReportRow = z.infer<typeof ZProtocolReportRow>;
export const ZProtocolReportTotals = z.object({ byStatus: z.object({ open: z.number(), pending: z.number(), closed: z.number() }) });
export const ZProtocolReportPage = reportPageOf(ZProtocolReportRow, ZProtocolReportTotals);
export type ProtocolReportPage = z.infer<typeof ZProtocolReportPage>;

// anotacoes: a note written in the period on a ticket the viewer sees; `note` is plain text.
export const ZNoteReportRow = z.object({
  noteId: z.number(),
  ticketId: z.number(),
  writtenAt: when,
  author: name,
  protocol: z.string(),
  contact: z.string(),
  queue: name,
  note: z.string(),
});
export type NoteReportRow = z.infer<typeof ZNoteReportRow>;
export const ZNoteReportTotals = z.object({
  perAuthor: z.array(z.object({ userId: z.number().nullable(), author: name, count: z.number() })),
});
export const ZNoteReportPage = reportPageOf(ZNoteReportRow, ZNoteReportTotals);
export type NoteReportPage = z.infer<typeof ZNoteReportPage>;

// agendamentosold: a schedule due in the period.
export const ZScheduleReportRow = z.object({
  scheduleId: z.number(),
  ticketId: z.number().nullable(),
  createdAt: when,
  sendAt: when,
  contact: z.string(),
  protocol: z.string().nullable(),
  author: name,
  message: z.string(),
  mediaName: z.string().nullable(),
  repeatCount: z.number(),
  repeatPeriod: z.enum(SCHEDULE_PERIODS).nullable(),
  sentCount: z.number(),
  status: z.enum(SCHEDULE_STATUSES),
  /** An error code of the catalogue (the send's reason), or null. */
  lastError: z.string().nullable(),
});
export type ScheduleReportRow = z.infer<typeof ZScheduleReportRow>;
export const ZScheduleReportTotals = z.object({ byStatus: z.object({ pending: z.number(), sent: z.number(), error: z.number() }) });
export const ZScheduleReportPage = reportPageOf(ZScheduleReportRow, ZScheduleReportTotals);
export type ScheduleReportPage = z.infer<typeof ZScheduleReportPage>;

// ligacoes: a call started in the period.
export const ZCallReportRow = z.object({
  callId: z.number(),
  startedAt: when,
  direction: z.enum(CALL_DIRECTIONS),
  status: z.string(),
  contact: z.string(),
  number: z.string(),
  agent: name,
  channel: name,
  protocol: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  hasRecording: z.boolean(),
});
export type CallReportRow = z.infer<typeof ZCallReportRow>;
export const ZCallReportTotals = z.object({
  byDirection: z.object({ in: z.number(), out: z.number() }),
  /** Per status, by name. */
  byStatus: z.array(z.object({ status: z.string(), count: z.number() })),
});
export const ZCallReportPage = reportPageOf(ZCallReportRow, ZCallReportTotals);
export type CallReportPage = z.infer<typeof ZCallReportPage>;

export interface ListReportRows {
  avaliacoes: RatingReportRow;
  protocolos: ProtocolReportRow;
  anotacoes: NoteReportRow;
  agendamentosold: ScheduleReportRow;
  ligacoes: CallReportRow;
}

/** How a column's value is written: a date, a translated value (status, direction...), or as is. */
export type ListColumnKind =
  | 'date'
  | 'text'
  | 'number'
  | 'ticketStatus'
  | 'scheduleStatus'
  | 'direction'
  | 'callStatus'
  | 'error'
  | 'bool'
  | 'duration'
  /** A schedule's text and, if any, its file's name. */
  | 'message'
  /** A schedule's repetitions and period ("3 × weekly"). */
  | 'repetition';

type Columns<S extends ListReportSlug> = readonly { key: keyof ListReportRows[S] & string; kind: ListColumnKind }[];

/** The columns of each list report, in order (headers: reportsLists.columns.<key>). */
export const LIST_REPORT_COLUMNS: { [S in ListReportSlug]: Columns<S> } = {
  avaliacoes: [
    { key: 'ratedAt', kind: 'date' },
    { key: 'protocol', kind: 'text' },
    { key: 'contact', kind: 'text' },
    { key: 'agent', kind: 'text' },
    { key: 'queue', kind: 'text' },
    { key: 'channel', kind: 'text' },
    { key: 'rating', kind: 'number' },
  ],
  protocolos: [
    { key: 'protocol', kind: 'text' },
    { key: 'createdAt', kind: 'date' },
    { key: 'contact', kind: 'text' },
    { key: 'number', kind: 'text' },
    { key: 'channel', kind: 'text' },
    { key: 'queue', kind: 'text' },
    { key: 'agent', kind: 'text' },
    { key: 'status', kind: 'ticketStatus' },
    { key: 'closedAt', kind: 'date' },
  ],
  anotacoes: [
    { key: 'writtenAt', kind: 'date' },
    { key: 'author', kind: 'text' },
    { key: 'protocol', kind: 'text' },
    { key: 'contact', kind: 'text' },
    { key: 'queue', kind: 'text' },
    { key: 'note', kind: 'text' },
  ],
  agendamentosold: [
    { key: 'createdAt', kind: 'date' },
    { key: 'sendAt', kind: 'date' },
    { key: 'contact', kind: 'text' },
    { key: 'protocol', kind: 'text' },
    { key: 'author', kind: 'text' },
    { key: 'message', kind: 'message' },
    { key: 'repeatCount', kind: 'repetition' },
    { key: 'sentCount', kind: 'number' },
    { key: 'status', kind: 'scheduleStatus' },
    { key: 'lastError', kind: 'error' },
  ],
  ligacoes: [
    { key: 'startedAt', kind: 'date' },
    { key: 'direction', kind: 'direction' },
    { key: 'status', kind: 'callStatus' },
    { key: 'contact', kind: 'text' },
    { key: 'number', kind: 'text' },
    { key: 'agent', kind: 'text' },
    { key: 'channel', kind: 'text' },
    { key: 'protocol', kind: 'text' },
    { key: 'durationSeconds', kind: 'duration' },
    { key: 'hasRecording', kind: 'bool' },
  ],
};

/** Every column key of the list reports (the catalogue's reportsLists.columns). */
export type ListReportColumn = { [S in ListReportSlug]: Columns<S>[number]['key'] }[ListReportSlug];

/** A schedule's message as the report shows it: the text, and the file's name if any. */
export const messageText = (body: string, mediaName: string | null | undefined, fileWord: string): string =>
  mediaName ? (body ? `${body} (${fileWord}: ${mediaName})` : `${fileWord}: ${mediaName}`) : body;

/** A schedule's repetition as the report shows it: "3 × Weekly", or nothing without one. */
export const repetitionText = (count: number, period: string | null | undefined, periods: Record<string, string>): string =>
  count > 0 && period ? `${count} × ${periods[period] ?? period}` : '';
