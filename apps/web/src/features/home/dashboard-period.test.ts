import { ZDashboardQuery } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatShare, initialFilter, presetRange, toQuery } from './dashboard-period';

describe('dashboard period', () => {
  const now = new Date(2026, 2, 5, 10, 30); // 5 March 2026, local time

  it('gives today, the last 7 and the last 30 days, both ends included', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-03-05', to: '2026-03-05' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(presetRange('last30', now)).toEqual({ from: '2026-02-04', to: '2026-03-05' });
  });

  it('makes a query the server schema accepts, and refuses an end before the start', () => {
    const f = { ...initialFilter(now), queueIds: [3], channelIds: [] };
    expect(ZDashboardQuery.parse(toQuery(f))).toEqual({
      from: '2026-02-27',
      to: '2026-03-05',
      queueIds: [3],
      channelIds: [],
      userIds: [],
    });
    expect(ZDashboardQuery.safeParse(toQuery({ ...f, from: '2026-03-06' })).success).toBe(false);
  });

  it('writes durations and shares short', () => {
    expect(formatDuration(null, 'en')).toBe('—');
    expect(formatDuration(45, 'en')).toBe('45s');
    expect(formatDuration(900, 'en')).toBe('15m');
    expect(formatDuration(3 * 3600 + 300, 'en')).toBe('3h 5m');
    expect(formatDuration(2 * 86_400 + 4 * 3600, 'en')).toBe('2d 4h');
    expect(formatShare(0.4, 'en')).toBe('40%');
    expect(formatShare(null, 'en')).toBe('—');
  });
});
