// SECURITY-CRITICAL: a cross-tenant sweeper. It reads only (tenant id, event id) pairs through the
// unsafe handle and hands each to a job that runs inside that tenant's scope.
import { and, asc, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { inboundEvents } from '../../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { enqueue } from '../../../platform/jobs/enqueue.js';
import { processInboundJob } from './process-inbound.job.js';

/**
 * Unprocessed payloads older than this are enqueued again (crash between store and enqueue). One
 * that failed keeps its error and is left to its job's retries, not swept forever.
 */
export const INBOUND_STUCK_AFTER_MS = 60_000;
/** Processed payloads are kept this long for support, then removed. */
export const INBOUND_KEEP_DAYS = 7;
const BATCH = 500;

export const sweepInboundJob = defineJob({
  id: 'channels.sweep-inbound',
  schema: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(_data, { platform }) {
    const db = unsafeSystemDb(platform.db);
    const rows = await db
      .select({ id: inboundEvents.id, tenantId: inboundEvents.tenantId })
      .from(inboundEvents)
      .where(and(isNull(inboundEvents.processedAt), isNull(inboundEvents.error), lt(inboundEvents.receivedAt, new Date(Date.now() - INBOUND_STUCK_AFTER_MS))))
      .orderBy(asc(inboundEvents.receivedAt))
      .limit(BATCH);
    for (const r of rows)
      await withTenant(platform.db, r.tenantId, async (scope) => enqueue(scope, processInboundJob, { eventId: r.id }));
    await db
      .delete(inboundEvents)
      .where(
        and(
          isNotNull(inboundEvents.processedAt),
          lt(inboundEvents.processedAt, sql`now() - make_interval(days => ${INBOUND_KEEP_DAYS})`),
        ),
      );
  },
});
