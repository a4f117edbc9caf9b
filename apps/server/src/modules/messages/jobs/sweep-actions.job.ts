// SECURITY-CRITICAL: a cross-tenant sweeper. It reads only (tenant id, action id) pairs through
// the unsafe handle and hands each to a job that runs inside that tenant's scope.
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messageActions as a } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { jobsOf } from '../../../platform/jobs/enqueue.js';
import type { Platform } from '../../../platform/platform.js';
import { applyActionJob } from './apply-action.job.js';

/** A pending action untouched this long lost its job (crash between commit and enqueue, restart). */
export const ACTION_STUCK_AFTER_MS = 60_000;
/** Finished actions are kept this long (what failed, and why, for support). */
export const ACTION_KEEP_DAYS = 30;
const BATCH = 500;

export async function sweepActions(platform: Platform, now = new Date()): Promise<number> {
  const db = unsafeSystemDb(platform.db);
  const before = new Date(now.getTime() - ACTION_STUCK_AFTER_MS);
  const rows = await db
    .select({ id: a.id, tenantId: a.tenantId })
    .from(a)
    // Written as the predicate of message_actions_pending_idx; a claimed row waits out its lease.
    .where(
      and(
        sql`${a.status} = 'pending'`,
        lt(a.updatedAt, before),
        or(sql`${a.claimedAt} is null`, lt(a.claimedAt, sql`now() - interval '2 minutes'`)),
      ),
    )
    .orderBy(asc(a.updatedAt))
    .limit(BATCH);
  const jobs = jobsOf(platform.db);
  for (const r of rows) await jobs.send(applyActionJob, { tenantId: r.tenantId, actionId: r.id });
  await db
    .delete(a)
    .where(
      and(
        or(eq(a.status, 'done'), eq(a.status, 'failed')),
        lt(a.updatedAt, sql`now() - make_interval(days => ${ACTION_KEEP_DAYS})`),
      ),
    );
  return rows.length;
}

export const sweepActionsJob = defineJob({
  id: 'messages.sweep-actions',
  schema: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(_data, { platform }) {
    await sweepActions(platform);
  },
});
