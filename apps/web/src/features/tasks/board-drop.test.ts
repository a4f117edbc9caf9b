import { describe, expect, it } from 'vitest';
import { dropAction } from './board-drop';

describe('dropAction', () => {
  it.each([
    ['pending', 'finished', 'finish'],
    ['delayed', 'finished', 'finish'],
    ['finished', 'pending', 'reopen'],
    ['finished', 'delayed', 'reopen'],
    ['pending', 'delayed', null],
    ['delayed', 'pending', null],
    ['finished', 'finished', null],
    ['pending', 'pending', null],
  ] as const)('%s dropped on %s: %s', (from, to, expected) => {
    expect(dropAction(from, to)).toBe(expected);
  });
});
