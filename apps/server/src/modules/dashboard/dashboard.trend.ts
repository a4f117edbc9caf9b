import type { Dashboard } from '@prosa/contracts';
import { num, numOrNull } from './dashboard.sql.js';
import type { ClosedRow, CreatedRow } from './dashboard.tickets.js';

/** Every calendar day from `from` to `to`, both included (yyyy-MM-dd). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * The service-level figures per local day: first response and the share within the target over
 * the tickets created that day, resolution over those closed that day. Days without tickets
 * answer zero counts and null figures. Rows carry the day's number in the period (1 = `from`).
 */
export function dailyTrend(days: string[], created: CreatedRow[], closed: ClosedRow[]): Dashboard['trend'] {
  const byCreation = new Map(created.filter((r) => r.day !== null).map((r) => [r.day, r]));
  const byClose = new Map(closed.filter((r) => r.day !== null).map((r) => [r.day, r]));
  return days.map((day, i) => {
    const c = byCreation.get(i + 1);
    const k = byClose.get(i + 1);
    const needing = num(c?.needing);
    return {
      day,
      created: num(c?.n),
      closed: num(k?.n),
      firstResponseP50: numOrNull(c?.frP?.[0]),
      firstResponseP90: numOrNull(c?.frP?.[1]),
      resolutionP50: numOrNull(k?.resP?.[0]),
      resolutionP90: numOrNull(k?.resP?.[1]),
      withinTarget: needing ? num(c?.within) / needing : null,
    };
  });
}
