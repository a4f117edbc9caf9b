import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_RELOAD_MS, watchIdle } from './use-idle-reload';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('idle reload (SPEC §9: 1800 s)', () => {
  it('is 1800 seconds', () => expect(IDLE_RELOAD_MS).toBe(1_800_000));

  it('reloads once after 1800 s without activity, not a moment before', () => {
    const reload = vi.fn();
    const stop = watchIdle(new EventTarget(), reload);
    vi.advanceTimersByTime(IDLE_RELOAD_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it.each(['click', 'mousemove', 'keypress'])('a %s starts the 1800 s again', (event) => {
    const target = new EventTarget();
    const reload = vi.fn();
    const stop = watchIdle(target, reload);
    vi.advanceTimersByTime(IDLE_RELOAD_MS - 1000);
    target.dispatchEvent(new Event(event));
    vi.advanceTimersByTime(IDLE_RELOAD_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops watching when the app unmounts', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    watchIdle(target, reload)();
    target.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(IDLE_RELOAD_MS * 2);
    expect(reload).not.toHaveBeenCalled();
  });
});
