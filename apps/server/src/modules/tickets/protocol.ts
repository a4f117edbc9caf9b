import { sql } from 'drizzle-orm';
import { protocolCounters, tenants } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

/**
 * The next protocol of the tenant: the day (yyyyMMdd, in the tenant's time zone) and a per-day
 * sequence, e.g. 20261122000042. One atomic upsert, so concurrent tickets never share a protocol.
 * Inside a transaction the counter row stays locked until it ends, so concurrent new tickets of a
 * company queue behind it: hot paths (the inbound path's new tickets) take their protocol before
 * opening their transaction, where it commits at once. A ticket rolled back after taking one
 * leaves a gap, never a repeat. It never takes a second connection (a transaction waiting for one
 * from an exhausted pool would wait forever).
 */
export async function nextProtocol(scope: TenantScope, at = new Date()): Promise<string> {
  const [row] = (await scope.runMemo(
    'tickets.protocol',
    (value) =>
      scope.query(async (_db, owns) => {
        const timezone = sql`coalesce((select ${tenants.timezone} from ${tenants} where ${tenants.id} = ${scope.tenantId}), 'America/Sao_Paulo')`;
        return sql`insert into ${protocolCounters} (tenant_id, day, seq)
          values (${scope.tenantId}, (${value('at')}::timestamptz at time zone ${timezone})::date, 1)
          on conflict (tenant_id, day) do update set seq = ${protocolCounters}.seq + 1 where ${owns(protocolCounters)}
          returning to_char(day, 'YYYYMMDD') as day, seq`;
      }),
    { at: at.toISOString() },
  )) as { day: string; seq: number | string }[];
  return `${row!.day}${String(row!.seq).padStart(6, '0')}`;
}
