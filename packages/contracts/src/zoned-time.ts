/**
 * The wall clock of a moment in a time zone (the tenant's, not the server's): business hours,
 * message variables, the demo's calendar. One Intl.DateTimeFormat per zone, kept: building one
 * costs far more than using it.
 */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

export function zonedParts(at: Date, timeZone: string): ZonedParts {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  const z: ZonedParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: 0 };
  for (const p of f.formatToParts(at)) {
    if (p.type === 'weekday') z.weekday = WEEKDAYS.indexOf(p.value);
    else if (p.type in z) z[p.type as keyof ZonedParts] = Number(p.value);
  }
  return z;
}

export const pad2 = (n: number) => String(n).padStart(2, '0');
