import { describe, expect, it } from 'vitest';
import { BR_STATES, DDDS_BY_STATE, stateOfDdd, stateOfNumber } from './ddd.js';

describe('DDD -> state', () => {
  it('maps the area codes of Anatel', () => {
    expect([11, 15, 19].map(stateOfDdd)).toEqual(['SP', 'SP', 'SP']);
    expect([21, 22, 24].map(stateOfDdd)).toEqual(['RJ', 'RJ', 'RJ']);
    expect(stateOfDdd(61)).toBe('DF');
    expect(stateOfDdd(31)).toBe('MG');
    expect(stateOfDdd(51)).toBe('RS');
    expect(stateOfDdd(85)).toBe('CE');
    expect(stateOfDdd(92)).toBe('AM');
    expect(stateOfDdd(99)).toBe('MA');
  });

  it('leaves unassigned codes without a state', () => {
    for (const d of [10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56, 57, 58, 59, 60, 70, 72, 76, 78, 80, 90])
      expect(stateOfDdd(d)).toBeNull();
  });

  it('gives every state at least one code, each code to one state, 67 codes in all', () => {
    for (const uf of BR_STATES) expect(DDDS_BY_STATE[uf].length).toBeGreaterThan(0);
    const all = Object.values(DDDS_BY_STATE).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(67);
  });

  it('reads the state of a stored Brazilian number only', () => {
    expect(stateOfNumber('5511987654321')).toBe('SP');
    expect(stateOfNumber('552133334444')).toBe('RJ');
    expect(stateOfNumber('5561987654321')).toBe('DF');
    expect(stateOfNumber('15551234567')).toBeNull();
    expect(stateOfNumber('5520987654321')).toBeNull();
    expect(stateOfNumber('')).toBeNull();
    expect(stateOfNumber('55119876')).toBeNull();
  });
});
