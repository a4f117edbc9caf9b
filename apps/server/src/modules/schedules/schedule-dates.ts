import type { SchedulePeriod } from '@prosa/contracts';

/** Months the calendar periods move by; the others move by whole days. */
const MONTHS: Partial<Record<SchedulePeriod, number>> = { monthly: 1, bimonthly: 2 };
const DAYS: Partial<Record<SchedulePeriod, number>> = { weekly: 7, biweekly: 14 };

/**
 * The occurrence after `from`: 7 or 14 days later, or 1 or 2 calendar months later at the same
 * time. A day the target month lacks (31 January + 1 month) becomes its last day (28/29 February),
 * never a day of the month after.
 */
export function nextOccurrence(from: Date, period: SchedulePeriod): Date {
  const days = DAYS[period];
  if (days) return new Date(from.getTime() + days * 86_400_000);
  const months = MONTHS[period]!;
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Sends in all: the first and its repetitions (a repetition needs a period). */
export function totalSends(repeatCount: number, period: SchedulePeriod | null): number {
  return period ? 1 + repeatCount : 1;
}
