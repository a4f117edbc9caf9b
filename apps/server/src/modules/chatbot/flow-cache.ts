/**
 * The flows the bot runs, kept parsed in memory per (database, tenant, flow id) and checked
 * against the row's `updated_at` on every step: the step's locking read brings only the flow's id
 * and `updated_at`, not its graph (tens of kilobytes for a real flow, parsed from JSON each time).
 * Every write of a flow sets `updated_at` (save-chat-flow.ts), so a changed flow is read again.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { chatFlows } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { Flow } from './engine/types.js';

export interface CachedFlow {
  id: number;
  flow: Flow;
}

const MAX = 1_000;
const caches = new WeakMap<Database, Map<string, { at: number; value: CachedFlow }>>();

/**
 * The flow `id` of the scope's tenant; `updatedAt`, when the caller read it under its lock, lets a
 * cached copy answer without a query. Undefined when the flow is gone.
 */
export async function flowFor(tx: TenantScope, id: number, updatedAt: Date | null): Promise<CachedFlow | undefined> {
  let cache = caches.get(tx.database);
  if (!cache) caches.set(tx.database, (cache = new Map()));
  const key = `${tx.tenantId}:${id}`;
  const hit = cache.get(key);
  if (hit && updatedAt && hit.at === updatedAt.getTime()) return hit.value;
  const row = await tx.first(chatFlows, eq(chatFlows.id, id));
  if (!row) {
    cache.delete(key);
    return undefined;
  }
  const value = { id: row.id, flow: row.flow as Flow };
  if (cache.size >= MAX && !cache.has(key)) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: row.updatedAt.getTime(), value });
  return value;
}
