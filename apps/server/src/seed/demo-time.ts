/** Demo only: a seeded random source and wall-clock times in a company's time zone (demo-history). */
import { zonedParts } from '@prosa/contracts';

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof prng>;

function partsIn(at: Date, tz: string) {
  const z = zonedParts(at, tz);
  return { y: z.year, m: z.month, d: z.day, h: z.hour, min: z.minute, s: z.second, weekday: z.weekday };
}

/** The calendar day of `at` in `tz`, as yyyy-mm-dd (the protocol's day). */
export function localDay(at: Date, tz: string): string {
  const p = partsIn(at, tz);
  return `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/** `days` back from `now`'s local date, at hh:mm local time in `tz` (DST-safe: offset read at that moment). */
export function localTime(now: Date, days: number, hour: number, minute: number, tz: string): Date {
  const today = partsIn(now, tz);
  const guess = Date.UTC(today.y, today.m - 1, today.d - days, hour, minute);
  const p = partsIn(new Date(guess), tz);
  const offset = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - guess;
  return new Date(guess - offset);
}

/** Sunday, in `tz`: the demo companies are closed. */
export const isSunday = (at: Date, tz: string) => partsIn(at, tz).weekday === 0;
