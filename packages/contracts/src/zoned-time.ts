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

/**
 * The last minute read per zone: a bot step asks several times within the same minute, and
 * formatToParts was 2% of a step's CPU (bench/chatbot.ts). Kept only where the zone's offset is
 * whole minutes at that moment (every zone today; some before 1940 were not), so the seconds
 * follow from the moment itself.
 */
const lastMinute = new Map<string, { minute: number; parts: ZonedParts }>();

export function zonedParts(at: Date, timeZone: string): ZonedParts {
  const ms = at.getTime();
  const minute = Math.floor(ms / 60_000);
  const second = Math.floor((ms - minute * 60_000) / 1000);
  const hit = lastMinute.get(timeZone);
  if (hit && hit.minute === minute) return { ...hit.parts, second };
  const z = readParts(at, timeZone);
  if (z.second === second) lastMinute.set(timeZone, { minute, parts: { ...z } });
  return z;
}

function readParts(at: Date, timeZone: string): ZonedParts {
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
