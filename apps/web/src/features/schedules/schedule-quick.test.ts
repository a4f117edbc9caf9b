import { describe, expect, it } from 'vitest';
import { quickSendAt } from './schedule-quick';

describe('quick schedule options', () => {
  const now = new Date('2026-03-10T14:07:42.500Z');
  it('30 minutes, tomorrow and next week from now, to the minute; custom has none', () => {
    expect(quickSendAt('30min', now)).toBe('2026-03-10T14:37:00.000Z');
    expect(quickSendAt('tomorrow', now)).toBe('2026-03-11T14:07:00.000Z');
    expect(quickSendAt('nextWeek', now)).toBe('2026-03-17T14:07:00.000Z');
    expect(quickSendAt('custom', now)).toBeNull();
  });
  it('is always in the future, as the server demands', () => {
    const t = new Date();
    expect(Date.parse(quickSendAt('30min', t)!)).toBeGreaterThan(t.getTime());
  });
});
