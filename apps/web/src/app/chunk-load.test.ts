import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, loadChunk } from './chunk-load';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('chunk load timeout (SPEC §9: 120 s)', () => {
  it('is 120 seconds', () => expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000));

  it('a chunk that never arrives fails at 120 s, not before', async () => {
    const loading = loadChunk(() => new Promise<never>(() => undefined));
    const settled = vi.fn();
    loading.then(settled, settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
  });

  it('a chunk that arrives in time is the answer, and no timer is left behind', async () => {
    const mod = { Page: 'page' };
    await expect(loadChunk(() => Promise.resolve(mod))).resolves.toBe(mod);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a failed download keeps the browser's error", async () => {
    const err = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadChunk(() => Promise.reject(err))).rejects.toBe(err);
    expect(vi.getTimerCount()).toBe(0);
  });
});
