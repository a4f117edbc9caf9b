import { describe, expect, it } from 'vitest';
import { zonedParts } from './zoned-time.js';

/** What the zone's clock reads, straight from Intl (no cache): the reference. */
function reference(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!),
  };
}

describe('zonedParts', () => {
  // Moments one after another within a minute (the cache's case), across a minute, an hour, a
  // day's end, São Paulo's and New York's clock changes, and zones' local mean times of 1900, of
  // offsets in seconds (São Paulo's -03:06:28), where the minute's reading cannot be reused.
  const starts = [
    '2026-12-03T14:59:58.250Z',
    '2026-12-31T23:59:30.000Z',
    '2026-03-08T06:59:50.000Z',
    '2026-11-01T05:59:50.000Z',
    '1900-06-01T11:59:40.700Z',
  ];
  const zones = ['America/Sao_Paulo', 'America/New_York', 'Europe/Amsterdam', 'Asia/Kolkata', 'UTC'];
  for (const zone of zones)
    it(`reads the clock of ${zone} as Intl does, second by second`, () => {
      for (const start of starts)
        for (let s = 0; s < 40; s += 0.5) {
          const at = new Date(new Date(start).getTime() + s * 1000);
          expect(zonedParts(at, zone), `${at.toISOString()} in ${zone}`).toEqual(reference(at, zone));
        }
    });

  it('hands out a copy: changing one reading leaves the next one right', () => {
    const at = new Date('2026-12-03T15:00:10.000Z');
    const first = zonedParts(at, 'America/Sao_Paulo');
    first.hour = 99;
    expect(zonedParts(new Date(at.getTime() + 1000), 'America/Sao_Paulo')).toEqual(
      reference(new Date(at.getTime() + 1000), 'America/Sao_Paulo'),
    );
  });
});
