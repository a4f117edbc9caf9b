/**
 * The service reports of /relatorios (README "Reports"): estatisticas-atendimentos-usuarios (one
 * row per agent who worked in the period, and a row for the whole where a ticket counts once) and
 * relatorio-tickets (one row per ticket created in the period, with the service-level figures per
 * queue, per agent and per day). Both read the shared ticket filter (ticket-reports.ts). Times are
 * in seconds; a figure without tickets to measure is null.
 */
import { z } from 'zod';
import { TICKET_STATUSES } from '../enums.js';
import { reportPageOf } from './ticket-reports.js';

const secs = z.number().nullable();

/** An agent's figures for the period, or the whole's (a ticket once, however many agents touched it). */
export const ZServiceStatsFigures = z.object({
  /** Distinct tickets taken: accepted, received by transfer, assigned by the bot, started, reopened to self. */
  attended: z.number(),
  /** Distinct tickets closed (the whole also counts the bot's and the automatic closes). */
  closed: z.number(),
  /** Distinct tickets transferred away. */
  transferred: z.number(),
  /** Tickets created in the period whose first agent message was this agent's (the whole: any agent's). */
  firstResponseCount: z.number(),
  firstResponseP50: secs,
  /** Tickets closed in the period (by this agent): from creation to that close. */
  resolutionCount: z.number(),
  resolutionP50: secs,
  /** Ratings given in the period to tickets of this agent (the ticket's agent is the rated one). */
  ratingCount: z.number(),
  ratingAverage: z.number().nullable(),
});
export type ServiceStatsFigures = z.infer<typeof ZServiceStatsFigures>;

export const ZServiceStatsRow = ZServiceStatsFigures.extend({ userId: z.number(), name: z.string() });
export type ServiceStatsRow = z.infer<typeof ZServiceStatsRow>;

export const ZServiceStatsPage = reportPageOf(ZServiceStatsRow, ZServiceStatsFigures);
export type ServiceStatsPage = z.infer<typeof ZServiceStatsPage>;

/** The table's and the file's columns, in order. */
export const SERVICE_STATS_COLUMNS = [
  'name',
  'attended',
  'closed',
  'transferred',
  'firstResponseP50',
  'resolutionP50',
  'ratingCount',
  'ratingAverage',
] as const satisfies readonly (keyof ServiceStatsRow)[];
export type ServiceStatsColumn = (typeof SERVICE_STATS_COLUMNS)[number];

/** One ticket created in the period. */
export const ZTicketsReportRow = z.object({
  ticketId: z.number(),
  protocol: z.string(),
  createdAt: z.string(),
  contact: z.string(),
  /** Masked (all but the last 4 digits) for viewers who may not see numbers, as the contacts API. */
  number: z.string(),
  channel: z.string().nullable(),
  queue: z.string().nullable(),
  agent: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  /** Seconds from creation to the first agent message (null: none). */
  firstResponse: secs,
  /** Seconds from creation to the close (null: not closed). */
  resolution: secs,
  rating: z.number().nullable(),
});
export type TicketsReportRow = z.infer<typeof ZTicketsReportRow>;

export const TICKETS_REPORT_COLUMNS = [
  'protocol',
  'createdAt',
  'contact',
  'number',
  'channel',
  'queue',
  'agent',
  'status',
  'firstResponse',
  'resolution',
  'rating',
] as const satisfies readonly (keyof TicketsReportRow)[];
export type TicketsReportColumn = (typeof TICKETS_REPORT_COLUMNS)[number];

/** Service-level figures over a set of tickets created in the period. */
export const ZSlaFigures = z.object({
  tickets: z.number(),
  firstResponseCount: z.number(),
  firstResponseP50: secs,
  firstResponseP90: secs,
  resolutionCount: z.number(),
  resolutionP50: secs,
  resolutionP90: secs,
  /** Answered by an agent within the target (slaFirstResponseMinutes). */
  withinTarget: z.number(),
  /** Answered by an agent, or still open or pending without an answer past the target. */
  needingAnswer: z.number(),
  withinTargetShare: z.number().nullable(),
});
export type SlaFigures = z.infer<typeof ZSlaFigures>;

export const ZTicketsReportTotals = z.object({
  byStatus: z.object({ open: z.number(), pending: z.number(), closed: z.number() }),
  targetMinutes: z.number(),
  overall: ZSlaFigures,
  /** Per queue of the ticket (id null: no queue), by name. */
  byQueue: z.array(ZSlaFigures.extend({ queueId: z.number().nullable(), name: z.string().nullable() })),
  /** Per agent of the ticket (id null: nobody), by name. */
  byAgent: z.array(ZSlaFigures.extend({ userId: z.number().nullable(), name: z.string().nullable() })),
  /** Per local day of the period (every day, zero when none was created). */
  trend: z.array(
    z.object({
      day: z.string(),
      created: z.number(),
      firstResponseP50: secs,
      withinTargetShare: z.number().nullable(),
    }),
  ),
});
export type TicketsReportTotals = z.infer<typeof ZTicketsReportTotals>;

export const ZTicketsReportPage = reportPageOf(ZTicketsReportRow, ZTicketsReportTotals);
export type TicketsReportPage = z.infer<typeof ZTicketsReportPage>;
