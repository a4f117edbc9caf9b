import { z } from 'zod';
import { V, ZIsoDate } from './common.js';

/** The longest period the dashboard reads: a year and a day (a leap year's 1 Jan to 1 Jan). */
export const DASHBOARD_MAX_DAYS = 367;

/** Ids as the query string carries them ("1,2,3") or as the form holds them (an array). */
const ZIdFilter = z
  .union([z.array(z.coerce.number()), z.string().transform((s) => (s ? s.split(',').map(Number) : []))])
  .pipe(z.array(z.number().int(V.integer).positive(V.invalidValue)).max(100, V.max))
  .default([]);

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * The dashboard's filters (GET /dashboard and the web filter form): from and to are calendar
 * days in the company's time zone, both included; the lists narrow the tickets read.
 */
export const ZDashboardQuery = z
  .object({
    from: ZIsoDate,
    to: ZIsoDate,
    queueIds: ZIdFilter,
    channelIds: ZIdFilter,
    /** Admins only; ignored for supervisors, who see their queues' figures as a whole. */
    userIds: ZIdFilter,
  })
  .refine((q) => dayNumber(q.to) >= dayNumber(q.from), { message: V.invalidDate, path: ['to'] })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) < DASHBOARD_MAX_DAYS, { message: V.max, path: ['to'] });
export type DashboardQuery = z.input<typeof ZDashboardQuery>;

/** Durations in seconds; null when no ticket had one in the period. */
const ZDurations = z.object({
  count: z.number(),
  avg: z.number().nullable(),
  p50: z.number().nullable(),
  p90: z.number().nullable(),
});

const ZGroupCount = z.object({
  id: z.number().nullable(),
  name: z.string(),
  created: z.number(),
  closed: z.number(),
});

export const ZDashboardDay = z.object({
  day: z.string(),
  created: z.number(),
  closed: z.number(),
  firstResponseP50: z.number().nullable(),
  firstResponseP90: z.number().nullable(),
  resolutionP50: z.number().nullable(),
  resolutionP90: z.number().nullable(),
  withinTarget: z.number().nullable(),
});

export const ZDashboard = z.object({
  period: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
  totals: z.object({
    open: z.number(),
    pending: z.number(),
    created: z.number(),
    closed: z.number(),
    newContacts: z.number(),
    messagesIn: z.number(),
    messagesOut: z.number(),
  }),
  byChannel: z.array(ZGroupCount),
  byQueue: z.array(ZGroupCount),
  byUser: z.array(ZGroupCount),
  sla: z.object({
    targetMinutes: z.number(),
    firstResponse: ZDurations,
    resolution: ZDurations,
    /** Tickets answered within the target / tickets that needed an answer (see README). */
    withinTarget: z.number(),
    needingAnswer: z.number(),
    withinTargetShare: z.number().nullable(),
  }),
  ratings: z.object({ count: z.number(), average: z.number().nullable() }),
  trend: z.array(ZDashboardDay),
});
export type Dashboard = z.infer<typeof ZDashboard>;
