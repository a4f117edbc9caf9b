import { and, eq, inArray } from 'drizzle-orm';
import { channels, settings, tenants } from '../../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import type { JobContext } from '../../../platform/jobs/define-job.js';
import { AUTO_TICKET_MS, sweepAutoTickets, type AutoTicketTime } from '../commands/sweep-auto-tickets.js';

/**
 * A platform sweeper runs for every tenant, so it must first learn which tenants turned the
 * feature on (in its settings, or, for auto-close, on one of its channels). Those are cross-tenant
 * reads, which only the unscoped handle can do; they read tenant ids and the time value only, and
 * each tenant's work then runs inside its own `withTenant` scope like any request.
 */
export async function sweepTenants(
  ctx: JobContext,
  key: 'autoCloseTicketsTime' | 'autoPendingTicketsTime',
  now = new Date(),
) {
  const db = unsafeSystemDb(ctx.platform.db);
  const times = Object.keys(AUTO_TICKET_MS);
  const company = await db
    .select({ tenantId: settings.tenantId, value: settings.value })
    .from(settings)
    .innerJoin(tenants, eq(tenants.id, settings.tenantId))
    .where(and(eq(settings.key, key), inArray(settings.value, times), eq(tenants.status, 'active')));
  const kind = key === 'autoCloseTicketsTime' ? 'autoClose' : 'autoPending';
  // Auto-close also runs where only some channels have a time of their own (SPEC §3 Channel).
  const byChannel =
    kind === 'autoClose'
      ? await db
          .selectDistinct({ tenantId: channels.tenantId })
          .from(channels)
          .innerJoin(tenants, eq(tenants.id, channels.tenantId))
          .where(and(inArray(channels.autoCloseTime, times as AutoTicketTime[]), eq(tenants.status, 'active')))
      : [];
  const enabled = new Map<number, AutoTicketTime | null>(byChannel.map((r) => [r.tenantId, null]));
  for (const { tenantId, value } of company) enabled.set(tenantId, value as AutoTicketTime);
  const failures: unknown[] = [];
  let total = 0;
  for (const [tenantId, value] of enabled) {
    // One tenant's failure must not stop the others' sweep; the job is retried afterwards.
    try {
      total += await withTenant(ctx.platform.db, tenantId, (scope) =>
        sweepAutoTickets(scope, kind, value, now),
      );
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length) throw new AggregateError(failures, `${kind} sweep failed for ${failures.length} tenant(s)`);
  return total;
}
