import { z } from 'zod';
import { AUTO_TICKET_TIMES, BUSINESS_HOUR_TYPES, SETTING_KEYS, TOGGLE_SETTING_KEYS, type SettingKey } from '../enums.js';
import { V } from './common.js';

export const ZSetting = z.object({ key: z.enum(SETTING_KEYS), value: z.string() });
export type Setting = z.infer<typeof ZSetting>;
export const ZSettingValue = z.object({ value: z.string().max(2000, V.max) });

const toggle = z.enum(['enabled', 'disabled'], { error: V.invalidValue });
const pageSize = z.string().regex(/^\d+$/, V.integer).refine((v) => +v >= 5 && +v <= 200, V.invalidValue);

/** The value each setting accepts; checked on the server and in the settings form alike. */
export function settingValueSchema(key: SettingKey): z.ZodType<string> {
  if ((TOGGLE_SETTING_KEYS as readonly string[]).includes(key)) return toggle;
  switch (key) {
    case 'TicketsLimitOpen':
    case 'TicketsLimitPending':
    case 'TicketsLimitClosed':
      return pageSize;
    case 'maxRetriesBusinessHours':
      return z.string().regex(/^\d+$/, V.integer).refine((v) => +v <= 100, V.max);
    case 'autoCloseTicketsTime':
    case 'autoPendingTicketsTime':
      return z.enum(AUTO_TICKET_TIMES, { error: V.invalidValue });
    case 'botDistribution':
      return z.enum(['N', 'R', 'B'], { error: V.invalidValue });
    case 'slaFirstResponseMinutes':
      return z.string().regex(/^\d+$/, V.integer).refine((v) => +v >= 1 && +v <= 10_080, V.invalidValue);
    case 'botTicketActive':
      return z.string().regex(/^\d*$/, V.integer);
    default:
      return z.string().max(2000, V.max);
  }
}

const ZHour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, V.time);
export const ZBusinessHourDay = z
  .object({
    day: z.number().int().min(0).max(6),
    type: z.enum(BUSINESS_HOUR_TYPES),
    hr1: ZHour,
    hr2: ZHour,
    hr3: ZHour,
    hr4: ZHour,
  })
  .refine((d) => d.type !== 'H' || (d.hr1 < d.hr2 && d.hr2 <= d.hr3 && d.hr3 <= d.hr4), {
    message: V.time,
    path: ['hr2'],
  });
export type BusinessHourDay = z.infer<typeof ZBusinessHourDay>;
export const ZBusinessHours = z
  .array(ZBusinessHourDay)
  .length(7)
  .refine((days) => new Set(days.map((d) => d.day)).size === 7, V.invalidValue);

export const ZBusinessHoursResponse = z.object({
  businessHours: z.array(ZBusinessHourDay),
  messageBusinessHours: z.string(),
  timezone: z.string(),
});
export const ZMessageBusinessHours = z.object({ messageBusinessHours: z.string().max(4000, V.max) });
export const ZTimezone = z.object({
  timezone: z.string().refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, V.invalidValue),
});
