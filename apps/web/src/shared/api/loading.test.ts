import { describe, expect, it, vi } from 'vitest';
import { beginCall, endCall, LOADING_HIDE_AFTER_MS } from './loading';

describe('loading overlay (SPEC §7, §9)', () => {
  it('shows only for calls that ask for it after 2 s of quiet, and hides 1 s after they settle', () => {
    vi.useFakeTimers();
    const t0 = Date.now() + 10_000;
    expect(beginCall(false, t0)).toBe(false);
    // Asked for, but the previous call was 1 s earlier: no overlay.
    expect(beginCall(true, t0 + 1000)).toBe(false);
    // Asked for after 2.5 s of quiet: overlay.
    expect(beginCall(true, t0 + 3500)).toBe(true);
    endCall(true);
    vi.advanceTimersByTime(LOADING_HIDE_AFTER_MS);
    vi.useRealTimers();
  });
});
