import type { BusinessHourDay } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, isWithinBusinessHours } from './business-hours.js';

const week = (type: BusinessHourDay['type'], hours = ['08:00', '12:00', '13:00', '18:00']): BusinessHourDay[] =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, type, hr1: hours[0]!, hr2: hours[1]!, hr3: hours[2]!, hr4: hours[3]! }));

// 2025-01-15 is a Wednesday. São Paulo has been UTC-3 all year since 2019 (no daylight saving).
const wed = (utc: string) => new Date(`2025-01-15T${utc}:00Z`);

describe('isWithinBusinessHours', () => {
  it('reads the clock in the tenant time zone, not the server one', () => {
    const at = wed('20:00'); // 17:00 in São Paulo, 20:00 in UTC
    expect(isWithinBusinessHours(DEFAULT_BUSINESS_HOURS, 'America/Sao_Paulo', at)).toBe(true);
    expect(isWithinBusinessHours(DEFAULT_BUSINESS_HOURS, 'UTC', at)).toBe(false);
  });

  it('and the other way round: open in UTC, not yet open in São Paulo', () => {
    const at = wed('10:00'); // 07:00 in São Paulo
    expect(isWithinBusinessHours(DEFAULT_BUSINESS_HOURS, 'UTC', at)).toBe(true);
    expect(isWithinBusinessHours(DEFAULT_BUSINESS_HOURS, 'America/Sao_Paulo', at)).toBe(false);
  });

  it('takes the weekday in the tenant time zone too', () => {
    // Sunday 01:00 UTC is still Saturday 22:00 in São Paulo; Saturday is open all day here.
    const hours = week('C').map((d) => (d.day === 6 ? { ...d, type: 'O' as const } : d));
    const at = new Date('2025-01-19T01:00:00Z');
    expect(isWithinBusinessHours(hours, 'America/Sao_Paulo', at)).toBe(true);
    expect(isWithinBusinessHours(hours, 'UTC', at)).toBe(false);
  });

  it('treats the interval ends as open at the start and closed at the end, with a lunch gap', () => {
    const tz = 'UTC';
    expect(isWithinBusinessHours(week('H'), tz, wed('08:00'))).toBe(true);
    expect(isWithinBusinessHours(week('H'), tz, wed('07:59'))).toBe(false);
    expect(isWithinBusinessHours(week('H'), tz, wed('11:59'))).toBe(true);
    expect(isWithinBusinessHours(week('H'), tz, wed('12:30'))).toBe(false);
    expect(isWithinBusinessHours(week('H'), tz, wed('13:00'))).toBe(true);
    expect(isWithinBusinessHours(week('H'), tz, wed('18:00'))).toBe(false);
  });

  it('open all day, closed all day, and midnight', () => {
    expect(isWithinBusinessHours(week('O'), 'UTC', wed('00:00'))).toBe(true);
    expect(isWithinBusinessHours(week('C'), 'UTC', wed('10:00'))).toBe(false);
    expect(isWithinBusinessHours(week('H', ['00:00', '01:00', '01:00', '01:00']), 'UTC', wed('00:30'))).toBe(true);
  });

  it('a weekday without an entry counts as open', () => {
    expect(isWithinBusinessHours([], 'America/Sao_Paulo', wed('03:00'))).toBe(true);
  });
});
