import { z } from 'zod';

/**
 * Validation messages are i18n keys (`validation.*`), resolved by the web app in pt/en/es.
 * The server answers them in `fields` of an ERR_VALIDATION body.
 */
export const V = {
  required: 'validation.required',
  email: 'validation.email',
  min: 'validation.min',
  minLength: 'validation.minLength',
  max: 'validation.max',
  passwordMismatch: 'validation.passwordMismatch',
  invalidDate: 'validation.invalidDate',
  integer: 'validation.integer',
  number: 'validation.number',
  phone: 'validation.phone',
  color: 'validation.color',
  time: 'validation.time',
  dueDateBeforeToday: 'validation.dueDateBeforeToday',
  invalidValue: 'validation.invalidValue',
  youtubeVideo: 'validation.youtubeVideo',
  flowButtons: 'validation.flowButtons',
  selfConnection: 'validation.selfConnection',
  // Chatbot flows: the server's checks of a flow graph and of references to a flow (modules/chat-flows).
  flowOneStart: 'validation.flowOneStart',
  flowOneConfigurations: 'validation.flowOneConfigurations',
  flowDuplicateId: 'validation.flowDuplicateId',
  flowStepNotFound: 'validation.flowStepNotFound',
  flowQueueNotFound: 'validation.flowQueueNotFound',
  flowUserNotFound: 'validation.flowUserNotFound',
  flowTagNotFound: 'validation.flowTagNotFound',
  flowLaneNotFound: 'validation.flowLaneNotFound',
  flowUnavailable: 'validation.flowUnavailable',
  flowNotForTransfer: 'validation.flowNotForTransfer',
  flowIntegrationNotFound: 'validation.flowIntegrationNotFound',
  // Campaigns: the non-empty messages must all differ (SPEC §5).
  campaignMessagesDiffer: 'validation.campaignMessagesDiffer',
  // Template campaigns: every variable mapped, no free-text messages, the header's media given.
  campaignTemplateParameters: 'validation.campaignTemplateParameters',
  campaignTemplateMessages: 'validation.campaignTemplateMessages',
  campaignTemplateMedia: 'validation.campaignTemplateMedia',
} as const;

/**
 * A validation message that names its limit: `validation.min|min=6`. The key stays first, so the
 * message is still a key to whoever ignores the rest; the web app passes the numbers to i18next.
 */
export function vMessage(key: (typeof V)[keyof typeof V], params: Record<string, number>): string {
  const rest = Object.entries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return rest ? `${key}|${rest}` : key;
}
/** "Below the allowed minimum (n)": a number below n. */
export const vMin = (min: number) => vMessage(V.min, { min });
/** "Use at least n characters": a text shorter than n. */
export const vMinLength = (min: number) => vMessage(V.minLength, { min });

/** Reads a message of `vMessage` back: its i18n key and its numbers. */
export function parseValidationMessage(message: string): { key: string; params: Record<string, number> } {
  const [key = '', rest] = message.split('|', 2);
  const params: Record<string, number> = {};
  for (const pair of rest ? rest.split('&') : []) {
    const [name, value] = pair.split('=', 2);
    if (name && value !== undefined && Number.isFinite(Number(value))) params[name] = Number(value);
  }
  return { key, params };
}

/**
 * A row id, in a path, a query or a body: a JSON number, or decimal digits only. Serial ids are
 * PostgreSQL int4, so a larger number is invalid input, not a server error. No coercion beyond
 * digits: `Number()` would read " 1" as 1, "0x10" as 16, "1e1" as 10 and `true` as 1, and so a
 * DELETE of `/tags/0x10` deleted tag 16 (issue 9, L3).
 */
export const ZId = z
  .union([z.number(), z.string().regex(/^[0-9]{1,10}$/, V.invalidValue)], { error: V.invalidValue })
  .transform(Number)
  .pipe(z.number().int(V.invalidValue).positive(V.invalidValue).max(2_147_483_647, V.invalidValue));
export const ZIdParams = z.object({ id: ZId });
/** An id the user must pick (a select): left empty it is "required", not "invalid value". */
export const ZRequiredId = z
  .preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.custom<unknown>((v) => v !== undefined, V.required).pipe(ZId),
  )
  // The API document (/docs) cannot see through the preprocess; it is an id like ZId.
  .meta({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });

export const ZRequiredText = (max = 200) =>
  z.string({ error: V.required }).trim().min(1, V.required).max(max, V.max);

export const ZEmail = z
  .string({ error: V.required })
  .trim()
  .toLowerCase()
  .min(1, V.required)
  .max(200, V.max)
  .pipe(z.email(V.email));

export const ZNewPassword = z
  .string({ error: V.required })
  .min(1, V.required)
  .min(6, vMinLength(6))
  .max(128, V.max);

/** #rgb or #rrggbb. */
export const ZColor = z.string({ error: V.required }).regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, V.color);

/** Country code + area code + number (SPEC §5: 9 digits preceded by country and area code). */
export const ZPhone = z
  .string({ error: V.required })
  .transform((s) => s.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{1,3}\d{2}\d{8,9}$/, V.phone).min(11, V.phone).max(15, V.phone));

/**
 * SPEC §5: the number a person types for a contact: country code (1 to 3 digits) and area code
 * (2), then 9 digits; 12 to 14 digits in all. Brazil (55) is told apart exactly: 55 + area + 9
 * digits, 13 in all, so an old 8-digit mobile is refused. Numbers that arrive from a channel are
 * never put through this: they are kept as the channel gives them.
 */
export const ZContactPhone = z
  .string({ error: V.required })
  .transform((s) => s.replace(/\D/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{12,14}$/, V.phone)
      .refine((n) => !n.startsWith('55') || n.length === 13, V.phone),
  );

/** ISO calendar date, yyyy-MM-dd (the UI shows dd/MM/yyyy). */
export const ZIsoDate = z
  .string({ error: V.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, V.invalidDate)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, V.invalidDate);

/** Today as yyyy-MM-dd in UTC; a due date is compared against it. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const ZMessageOnly = z.object({ message: z.string() });
export const ZOk = z.object({ ok: z.literal(true) });
export const ZErrorBody = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
