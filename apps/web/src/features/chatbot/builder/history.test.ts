import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, HISTORY_LIMIT, historyKey, record, redo, undo } from './history';

describe('undo/redo history', () => {
  it('undoes and redoes in order, and a new change drops what was undone', () => {
    let h = createHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = record(h, 'x');
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
    expect(undo(h).present).toBe('b');
  });

  it('typing in one field is one step; another field starts a new one', () => {
    let h = createHistory('');
    h = record(h, 'H', 'step1.name');
    h = record(h, 'He', 'step1.name');
    h = record(h, 'Hey', 'step1.name');
    expect(h.past).toEqual(['']);
    h = record(h, 'Hey!', 'step2.name');
    expect(h.past).toEqual(['', 'Hey']);
    h = undo(h);
    // After an undo the same field starts a new step again.
    h = record(h, 'Hey?', 'step2.name');
    expect(h.past).toEqual(['', 'Hey']);
    expect(undo(h).present).toBe('Hey');
  });

  it('keeps at most HISTORY_LIMIT past states', () => {
    let h = createHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = record(h, i);
    expect(h.past.length).toBe(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
  });

  it('maps Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y', () => {
    const k = (key: string, shiftKey = false, ctrlKey = true) => historyKey({ key, ctrlKey, metaKey: false, shiftKey });
    expect(k('z')).toBe('undo');
    expect(k('Z', true)).toBe('redo');
    expect(k('y')).toBe('redo');
    expect(k('z', false, false)).toBeNull();
    expect(k('a')).toBeNull();
  });
});
