import { sql } from 'drizzle-orm';
import { protocolCounters } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

/** Day of `at` in the tenant's time zone, yyyy-MM-dd. */
function dayIn(timezone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The next protocol of the tenant: the day (yyyyMMdd, tenant's time zone) and a per-day sequence,
 * e.g. 20261122000042. One atomic upsert, so concurrent tickets never share a protocol.
 */
export async function nextProtocol(scope: TenantScope, timezone = 'America/Sao_Paulo', at = new Date()): Promise<string> {
  const day = dayIn(timezone, at);
  const [row] = await scope.query((db) =>
    db
      .insert(protocolCounters)
      .values({ tenantId: scope.tenantId, day, seq: 1 })
      .onConflictDoUpdate({ target: [protocolCounters.tenantId, protocolCounters.day], set: { seq: sql`${protocolCounters.seq} + 1` } })
      .returning({ seq: protocolCounters.seq }),
  );
  return `${day.replaceAll('-', '')}${String(row!.seq).padStart(6, '0')}`;
}
