import { vi } from 'vitest';

/**
 * The few browser globals the client code touches (localStorage, window.location.hash), for unit
 * tests that run in Node. Call before importing the module under test.
 */
export function installBrowserGlobals(): { storage: Map<string, string>; location: { hash: string } } {
  const storage = new Map<string, string>();
  const localStorageStub = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, String(v)),
    removeItem: (k: string) => void storage.delete(k),
    clear: () => storage.clear(),
  };
  const location = { hash: '#/' };
  vi.stubGlobal('localStorage', localStorageStub);
  vi.stubGlobal('window', { location, addEventListener: () => undefined, removeEventListener: () => undefined });
  return { storage, location };
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}
