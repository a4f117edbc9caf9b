// SECURITY-CRITICAL: a cross-tenant sweeper. It reads only (tenant id, ticket id) pairs through the
// unsafe handle and ends each wait inside that tenant's scope.
import { and, asc, inArray, isNotNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { tickets } from '../../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';

const BATCH = 1000;

/**
 * Ends rating waits past their deadline. The inbound check already ignores them (it compares the
 * deadline); this only keeps tickets_rating_wait_idx down to the tickets really awaiting.
 */
export async function expireRatingWaits(db: Parameters<typeof unsafeSystemDb>[0], now = new Date()): Promise<number> {
  const due = and(isNotNull(tickets.ratingUntil), lt(tickets.ratingUntil, now))!;
  const rows = await unsafeSystemDb(db)
    .select({ id: tickets.id, tenantId: tickets.tenantId })
    .from(tickets)
    .where(due)
    .orderBy(asc(tickets.ratingUntil))
    .limit(BATCH);
  const byTenant = new Map<number, number[]>();
  for (const r of rows) byTenant.set(r.tenantId, [...(byTenant.get(r.tenantId) ?? []), r.id]);
  let ended = 0;
  for (const [tenantId, ids] of byTenant) {
    ended += (
      await withTenant(db, tenantId, (scope) =>
        scope.update(tickets, { ratingUntil: null }, and(inArray(tickets.id, ids), due)!),
      )
    ).length;
  }
  return ended;
}

export const expireRatingWaitsJob = defineJob({
  id: 'ratings.expire-waits',
  schema: z.object({}).passthrough(),
  cron: '*/5 * * * *',
  retryLimit: 0,
  async handler(_data, { platform }) {
    await expireRatingWaits(platform.db);
  },
});
