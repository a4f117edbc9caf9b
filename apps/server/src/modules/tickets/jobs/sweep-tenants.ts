import { and, eq, inArray } from 'drizzle-orm';
import { settings, tenants } from '../../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import type { JobContext } from '../../../platform/jobs/define-job.js';
import { AUTO_TICKET_MS, sweepAutoTickets, type AutoTicketTime } from '../commands/sweep-auto-tickets.js';

/**
 * A platform sweeper runs for every tenant, so it must first learn which tenants turned the
 * feature on. That is one cross-tenant read of the settings table, which only the unscoped handle
 * can do; it reads tenant ids and the time value only, and each tenant's work then runs inside its
 * own `withTenant` scope like any request.
 */
export async function sweepTenants(
  ctx: JobContext,
  key: 'autoCloseTicketsTime' | 'autoPendingTicketsTime',
  now = new Date(),
) {
  const enabled = await unsafeSystemDb(ctx.platform.db)
    .select({ tenantId: settings.tenantId, value: settings.value })
    .from(settings)
    .innerJoin(tenants, eq(tenants.id, settings.tenantId))
    .where(
      and(eq(settings.key, key), inArray(settings.value, Object.keys(AUTO_TICKET_MS)), eq(tenants.status, 'active')),
    );
  const kind = key === 'autoCloseTicketsTime' ? 'autoClose' : 'autoPending';
  const failures: unknown[] = [];
  let total = 0;
  for (const { tenantId, value } of enabled) {
    // One tenant's failure must not stop the others' sweep; the job is retried afterwards.
    try {
      total += await withTenant(ctx.platform.db, tenantId, (scope) =>
        sweepAutoTickets(scope, kind, value as AutoTicketTime, now),
      );
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length) throw new AggregateError(failures, `${kind} sweep failed for ${failures.length} tenant(s)`);
  return total;
}
