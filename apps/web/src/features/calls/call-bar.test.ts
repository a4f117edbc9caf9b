import { uiCatalogues } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { IDLE, type CallErrorKind, type CallState } from './call-machine';
import { statusKey } from './call-bar';
import { formatCallDuration } from './call-format';

const ended = (extra: Partial<CallState>): CallState => ({ ...IDLE, phase: 'ended', ...extra });
const text = (lang: 'pt' | 'en' | 'es', key: string) =>
  key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], uiCatalogues[lang]);

describe('the call bar says', () => {
  it.each<[CallErrorKind, string]>([
    ['numberNotExist', 'The number does not exist on WhatsApp.'],
    ['callLimit', 'Call limit reached. The call was reset.'],
    ['lineBusy', 'The line is busy. Try again later.'],
    ['notStarted', 'The call could not start. Check the connection.'],
  ])('SPEC §8 error %s in pt, en and es', (error, en) => {
    const key = statusKey(ended({ signal: 'failed', error }));
    expect(key).toBe(`calls.errors.${error}`);
    expect(text('en', key)).toBe(en);
    for (const lang of ['pt', 'es'] as const) expect(text(lang, key)).toMatch(/\S/);
    expect(new Set(['pt', 'en', 'es'].map((l) => text(l as 'pt', key))).size).toBe(3);
  });

  it.each<[Partial<CallState>, string]>([
    [{ phase: 'calling' }, 'calls.bar.calling'],
    [{ phase: 'answered' }, 'calls.bar.answered'],
    [{ phase: 'ended', signal: 'accept_elsewhere' }, 'calls.signal.accept_elsewhere'],
    [{ phase: 'ended', signal: 'reject_elsewhere' }, 'calls.signal.reject_elsewhere'],
    [{ phase: 'ended', signal: 'terminate' }, 'calls.signal.terminate'],
    [{ phase: 'ended', signal: 'accept' }, 'calls.bar.ended'],
  ])('%o as %s', (s, key) => expect(statusKey({ ...IDLE, ...s })).toBe(key));

  it('the length of a call', () => {
    expect([0, 5, 65, 3600 + 61].map(formatCallDuration)).toEqual(['0:00', '0:05', '1:05', '1:01:01']);
  });
});
