import { describe, expect, it } from 'vitest';
import { waitColor, waitText } from './panel-format';

const now = Date.parse('2026-11-28T12:00:00Z');
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('the panel wait', () => {
  it.each([
    [0, '0 min'],
    [4, '4 min'],
    [60, '1 h'],
    [80, '1 h 20 min'],
    [24 * 60, '1 d'],
    [51 * 60, '2 d 3 h'],
  ])('%i minutes read as %s', (m, text) => expect(waitText(ago(m), now)).toBe(text));

  it('nobody waiting has no text and no colour; then teal, yellow, red', () => {
    expect(waitText(null, now)).toBeNull();
    expect(waitColor(null, now)).toBe('gray');
    expect([ago(2), ago(10), ago(30)].map((s) => waitColor(s, now))).toEqual(['teal', 'yellow', 'red']);
  });

  it('a browser clock behind the server never shows a negative wait', () => {
    expect(waitText(new Date(now + 90_000).toISOString(), now)).toBe('0 min');
  });
});
