import { pad2, zonedParts, type BusinessHourDay } from '@prosa/contracts';

/** Monday to Friday 08-12 and 13-18, Saturday mornings, Sunday closed. */
export const DEFAULT_BUSINESS_HOURS: BusinessHourDay[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  type: day === 0 ? 'C' : 'H',
  hr1: '08:00',
  hr2: '12:00',
  hr3: day === 6 ? '12:00' : '13:00',
  hr4: day === 6 ? '12:00' : '18:00',
}));

export const DEFAULT_ABSENCE_MESSAGE =
  'Olá! Nosso horário de atendimento terminou. Retornaremos assim que possível no próximo horário comercial.';

/** Whether `at` falls inside the tenant's business hours, read in the tenant's time zone. */
export function isWithinBusinessHours(days: BusinessHourDay[], timezone: string, at = new Date()): boolean {
  const z = zonedParts(at, timezone);
  const weekday = z.weekday;
  const hhmm = `${pad2(z.hour)}:${pad2(z.minute)}`;
  const day = days.find((d) => d.day === weekday);
  if (!day) return true;
  if (day.type === 'O') return true;
  if (day.type === 'C') return false;
  return (hhmm >= day.hr1 && hhmm < day.hr2) || (hhmm >= day.hr3 && hhmm < day.hr4);
}
