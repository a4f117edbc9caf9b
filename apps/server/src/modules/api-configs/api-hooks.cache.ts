/**
 * Which API configurations of a tenant want hooks, by channel: active ones with a status URL.
 * Read on the inbound path, so cached per tenant for HOOKS_TTL_MS (as channel webhooks are,
 * channel-webhooks/record-event.ts): a tenant without them pays one small query per that time.
 * A change on this instance forgets the entry at once; on another instance within the TTL.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { apiConfigs } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { HOOKS_TTL_MS } from '../channel-webhooks/record-event.js';

type Entry = { at: number; byChannel: Map<number, number[]> };
const cache = new WeakMap<Database, Map<number, Promise<Entry>>>();

/** Read through the caller's scope: inside the inbound transaction it runs on that connection. */
async function load(scope: TenantScope): Promise<Entry> {
  const rows = await scope.query((q, owns) =>
    q
      .select({ id: apiConfigs.id, channelId: apiConfigs.channelId })
      .from(apiConfigs)
      .where(owns(apiConfigs, and(eq(apiConfigs.active, true), ne(apiConfigs.statusUrl, '')))),
  );
  const byChannel = new Map<number, number[]>();
  for (const r of rows) byChannel.set(r.channelId, [...(byChannel.get(r.channelId) ?? []), r.id]);
  return { at: Date.now(), byChannel };
}

/** The ids of the API configurations that want hooks of this channel (cached briefly). */
export async function apiHooksOf(scope: TenantScope, channelId: number): Promise<number[]> {
  const db = scope.database;
  const tenantId = scope.tenantId;
  let byTenant = cache.get(db);
  if (!byTenant) cache.set(db, (byTenant = new Map()));
  const hit = byTenant.get(tenantId);
  const current = hit ? await hit.catch(() => null) : null;
  if (current && Date.now() - current.at < HOOKS_TTL_MS) return current.byChannel.get(channelId) ?? [];
  const next = load(scope);
  byTenant.set(tenantId, next);
  next.catch(() => byTenant.delete(tenantId));
  return (await next).byChannel.get(channelId) ?? [];
}

export function forgetApiHooks(scope: TenantScope): void {
  cache.get(scope.database)?.delete(scope.tenantId);
}
