import { describe, expect, it } from 'vitest';
import { defaultStart } from './start-campaign-modal';

describe('defaultStart', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('is a minute past the 15-minute lead without a stored start', () => {
    expect(defaultStart(null, now).toISOString()).toBe('2026-11-27T12:16:00.000Z');
  });
  it('keeps a stored start far enough ahead', () => {
    expect(defaultStart('2026-11-28T09:00:00.000Z', now).toISOString()).toBe('2026-11-28T09:00:00.000Z');
  });
  it('moves a stored start that is too close or past', () => {
    expect(defaultStart('2026-11-27T12:05:00.000Z', now).toISOString()).toBe('2026-11-27T12:16:00.000Z');
  });
});
