// SECURITY-CRITICAL: a cross-tenant sweeper. It reads only (tenant id, delivery id) pairs through
// the unsafe handle and hands each to a job that runs inside that tenant's scope.
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { channelWebhookDeliveries as d } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { jobsOf } from '../../../platform/jobs/enqueue.js';
import type { Platform } from '../../../platform/platform.js';
import { deliverWebhookJob } from './deliver-webhook.job.js';

/** A pending delivery overdue this long lost its job (crash between record and enqueue, restart). */
export const WEBHOOK_STUCK_AFTER_MS = 60_000;
/** Delivered rows are kept this long for the admin, failed ones longer. */
export const WEBHOOK_KEEP_DELIVERED_DAYS = 7;
export const WEBHOOK_KEEP_FAILED_DAYS = 30;
const BATCH = 500;

export async function sweepWebhooks(platform: Platform, now = new Date()): Promise<number> {
  const db = unsafeSystemDb(platform.db);
  const rows = await db
    .select({ id: d.id, tenantId: d.tenantId, attempts: d.attempts })
    .from(d)
    // Written as the predicate of channel_webhook_deliveries_pending_idx.
    .where(and(sql`${d.status} = 'pending'`, lt(d.nextAttemptAt, new Date(now.getTime() - WEBHOOK_STUCK_AFTER_MS))))
    .orderBy(asc(d.nextAttemptAt))
    .limit(BATCH);
  const jobs = jobsOf(platform.db);
  for (const r of rows)
    await jobs.send(
      deliverWebhookJob,
      { tenantId: r.tenantId, deliveryId: r.id },
      { singletonKey: `webhook:${r.id}:${r.attempts}` },
    );
  await db
    .delete(d)
    .where(
      or(
        and(
          eq(d.status, 'delivered'),
          lt(d.createdAt, sql`now() - make_interval(days => ${WEBHOOK_KEEP_DELIVERED_DAYS})`),
        ),
        and(eq(d.status, 'failed'), lt(d.createdAt, sql`now() - make_interval(days => ${WEBHOOK_KEEP_FAILED_DAYS})`)),
      ),
    );
  return rows.length;
}

export const sweepWebhooksJob = defineJob({
  id: 'channel-webhooks.sweep',
  schema: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(_data, { platform }) {
    await sweepWebhooks(platform);
  },
});
