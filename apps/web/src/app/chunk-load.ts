/** SPEC §9: a screen's code that has not arrived in 120 s is an error, not an endless wait. */
export const CHUNK_LOAD_TIMEOUT_MS = 120 * 1000;

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('chunk load timed out');
    this.name = 'ChunkLoadTimeoutError';
  }
}

/**
 * The dynamic import of a screen, failed after `timeoutMs`: the router then shows its error
 * screen (which offers a reload) instead of a blank page on a stalled connection.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), timeoutMs);
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
