/**
 * Work an app instance starts without awaiting it (coalesced event drains). Tracked per
 * database handle, so closing the app can wait for it before it ends the realtime server and
 * the pool: nothing half-published, no query against a closed pool.
 */
import type { Database } from '../db/client.js';

const pending = new WeakMap<Database, Set<Promise<unknown>>>();

export function runInBackground(db: Database, work: () => Promise<unknown>): void {
  let set = pending.get(db);
  if (!set) pending.set(db, (set = new Set()));
  const p: Promise<unknown> = work().finally(() => set.delete(p));
  set.add(p);
}

/** Waits until no background work is left (work started while waiting is waited for too). */
export async function settleBackground(db: Database): Promise<void> {
  const set = pending.get(db);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}
