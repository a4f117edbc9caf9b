/**
 * Auto-distribution when a ticket reaches a queue (SPEC §4: off / random / balanced). Random: any
 * online agent of the queue. Balanced: the online agent of the queue with the fewest open tickets
 * (one with none first); ties go to the one assigned least recently (the latest attendance start
 * of their tickets, never assigned first), then the lowest id, so equal agents take turns.
 * Off, or nobody online: the ticket stays pending in the queue.
 */
import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/db/tenant-scope.js';

export async function pickAgent(tx: TenantScope, queueId: number, mode: 'N' | 'R' | 'B'): Promise<number | null> {
  if (mode === 'N') return null;
  const t = tx.tenantId;
  const order =
    mode === 'R'
      ? sql`random()`
      : sql`(select count(*) from tickets o where o.tenant_id = ${t} and o.user_id = u.id and o.status = 'open'),
          (select max(o.started_attendance_at) from tickets o where o.tenant_id = ${t} and o.user_id = u.id) asc nulls first,
          u.id`;
  const rows = await tx.query(async (db) => {
    const res = await db.execute(sql`
      select u.id from user_queues uq join users u on u.id = uq.user_id and u.tenant_id = ${t}
      where uq.tenant_id = ${t} and uq.queue_id = ${queueId} and u.is_online
      order by ${order} limit 1`);
    return (res as unknown as { rows: { id: number }[] }).rows;
  });
  return rows[0] ? Number(rows[0].id) : null;
}
