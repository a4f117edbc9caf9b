/**
 * Undo/redo for the builder: a list of past graphs, the present one and the undone ones. Typing
 * in one field is one step, not one per key: a change with the same `group` as the one before
 * replaces the present instead of pushing it (the group ends when another change comes).
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The group of the last change; null after undo/redo or a change without a group. */
  group: string | null;
}

export const HISTORY_LIMIT = 100;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], group: null };
}

export function record<T>(h: History<T>, next: T, group: string | null = null): History<T> {
  if (next === h.present) return h;
  if (group !== null && group === h.group) return { ...h, present: next, future: [] };
  const past = [...h.past, h.present];
  return { past: past.length > HISTORY_LIMIT ? past.slice(past.length - HISTORY_LIMIT) : past, present: next, future: [], group };
}

export function undo<T>(h: History<T>): History<T> {
  const prev = h.past[h.past.length - 1];
  if (prev === undefined) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future], group: null };
}

export function redo<T>(h: History<T>): History<T> {
  const [next, ...rest] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: rest, group: null };
}

export const canUndo = <T>(h: History<T>) => h.past.length > 0;
export const canRedo = <T>(h: History<T>) => h.future.length > 0;

/** Ctrl+Z / Cmd+Z undo, Ctrl+Shift+Z (and Ctrl+Y) redo; null for any other key. */
export function historyKey(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey)) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}
