import { z } from 'zod';
import { V, ZId, ZRequiredId } from './common.js';

/** SPEC §3/§4 Schedule: repeat periods and statuses; SPEC §5/§9: at most 12 repetitions. */
export const SCHEDULE_PERIODS = ['weekly', 'biweekly', 'monthly', 'bimonthly'] as const;
export const SCHEDULE_STATUSES = ['pending', 'sent', 'error'] as const;
export const SCHEDULE_MAX_REPEAT = 12;
export type SchedulePeriod = (typeof SCHEDULE_PERIODS)[number];
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** Empty form fields (and multipart's strings) read as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * Repetitions after the first send: 0 sends once, 3 sends four times. Numeric only (SPEC §5):
 * "3" from a form field is read, "3x" or 2.5 is refused.
 */
const ZRepeatCount = z.preprocess(
  (v) => blankToUndefined(v) ?? 0,
  z
    .union([z.number(), z.string().regex(/^\d{1,3}$/, V.number)], { error: V.number })
    .transform(Number)
    .pipe(z.number().int(V.integer).min(0, V.invalidValue).max(SCHEDULE_MAX_REPEAT, V.max)),
);

/**
 * The send date, as ISO date-time (the UI shows dd/MM/yyyy HH:mm). It must be a real date and in
 * the future; both answer "Data inválida!" (SPEC §5). The check uses the clock at parse time.
 */
export const ZScheduleSendAt = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), V.invalidDate)
  .refine((s) => Date.parse(s) > Date.now(), V.invalidDate);

const scheduleFields = {
  body: z.string().max(10_000, V.max).default(''),
  sendAt: ZScheduleSendAt,
  repeatCount: ZRepeatCount,
  repeatPeriod: z.preprocess(blankToUndefined, z.enum(SCHEDULE_PERIODS, { error: V.invalidValue }).optional()),
};

type Fields = { body: string; repeatCount: number; repeatPeriod?: SchedulePeriod | undefined };

/** SPEC §5: a period when it repeats; a text when there is no file. */
function checkSchedule(v: Fields, ctx: z.RefinementCtx, hasFile: boolean): void {
  if (v.repeatCount > 0 && !v.repeatPeriod) ctx.addIssue({ code: 'custom', path: ['repeatPeriod'], message: V.required });
  if (!hasFile && !v.body.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: V.required });
}

/** POST /schedule (JSON, or multipart with the same fields and one file). */
export const ZScheduleCreate = z.object({ ticketId: ZRequiredId, ...scheduleFields });
/** PUT /schedule/{id}: the ticket stays; `removeFile` drops the stored file. */
export const ZScheduleUpdate = z.object({
  ...scheduleFields,
  removeFile: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(false),
});
export type ScheduleCreate = z.infer<typeof ZScheduleCreate>;
export type ScheduleUpdate = z.infer<typeof ZScheduleUpdate>;

/**
 * The whole form as the web app and the server check it: the fields and whether a file goes with
 * it (the server knows that from the upload or the stored file). `ZScheduleCreateForm` adds the
 * ticket, for the form that picks one (/agendamentos).
 */
const hasFile = z.boolean().default(false);
export const ZScheduleForm = z
  .object({ ...scheduleFields, hasFile })
  .superRefine((v, ctx) => checkSchedule(v, ctx, v.hasFile));
export const ZScheduleCreateForm = z
  .object({ ticketId: ZRequiredId, ...scheduleFields, hasFile })
  .superRefine((v, ctx) => checkSchedule(v, ctx, v.hasFile));
export type ScheduleForm = z.input<typeof ZScheduleForm>;

export const ZScheduleItem = z.object({
  id: z.number(),
  ticketId: z.number().nullable(),
  contact: z.object({ id: z.number(), name: z.string() }),
  userId: z.number().nullable(),
  body: z.string(),
  mediaName: z.string().nullable(),
  sendAt: z.string(),
  repeatCount: z.number(),
  repeatPeriod: z.enum(SCHEDULE_PERIODS).nullable(),
  sentCount: z.number(),
  status: z.enum(SCHEDULE_STATUSES),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type ScheduleItem = z.infer<typeof ZScheduleItem>;
export const ZScheduleList = z.object({ schedules: z.array(ZScheduleItem), count: z.number(), hasMore: z.boolean() });
export type ScheduleList = z.infer<typeof ZScheduleList>;

/** GET /schedule: pages of 50 by default; the calendar asks a month at once (up to 500). */
export const ZScheduleQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  ticketId: ZId.optional(),
  contactId: ZId.optional(),
  status: z.enum(SCHEDULE_STATUSES).optional(),
  repeatPeriod: z.enum(SCHEDULE_PERIODS).optional(),
  /** Next send between from and to (ISO date-times), for the calendar and the date filter. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type ScheduleQuery = z.input<typeof ZScheduleQuery>;
