import { describe, expect, it } from 'vitest';
import { byDay, monthDays } from './month-grid';

describe('month grid', () => {
  it('shows whole weeks, Sunday first, around the month', () => {
    // February 2026 starts on a Sunday and ends on a Saturday: exactly four weeks.
    const feb = monthDays('2026-02');
    expect(feb).toHaveLength(28);
    expect(feb[0]).toEqual({ key: '2026-02-01', inMonth: true });
    // March 2026 starts on a Sunday, ends on a Tuesday: five weeks, April days at the end.
    const mar = monthDays('2026-03');
    expect(mar).toHaveLength(35);
    expect(mar.at(-1)).toEqual({ key: '2026-04-04', inMonth: false });
    // November 2026 starts on a Sunday too; December 2026 on a Tuesday: November days first.
    expect(monthDays('2026-12')[0]).toEqual({ key: '2026-11-29', inMonth: false });
  });
  it('groups items by their local day', () => {
    const at = (h: number) => new Date(2026, 2, 10, h).toISOString();
    const m = byDay([{ at: at(9) }, { at: at(23) }], (x) => x.at);
    expect(m.get('2026-03-10')).toHaveLength(2);
  });
});
