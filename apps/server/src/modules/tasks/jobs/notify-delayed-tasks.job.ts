// SECURITY-CRITICAL: a cross-tenant sweeper. It reads only (tenant id, task id) pairs through the
// unsafe handle and claims and notifies each task inside that tenant's scope.
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { tasks } from '../../../platform/db/schema.js';
import type { Database } from '../../../platform/db/client.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { emitTaskDelayed } from '../tasks.events.js';
import { getTaskRow } from '../tasks.queries.js';

const BATCH = 500;

/**
 * Tells each owner, once, that a task of theirs became delayed (pending past its limit date).
 * The UPDATE ... WHERE delay_notified_at IS NULL claims the task: two instances sweeping at once
 * both try it, PostgreSQL lets one of them change the row and the other finds it taken, so the
 * notice goes out once. Returns how many owners were notified.
 */
export async function notifyDelayedTasks(db: Database, now = new Date(), onlyTenant?: number): Promise<number> {
  const due = and(eq(tasks.status, 'pending'), isNull(tasks.delayNotifiedAt), lt(tasks.limitDate, now))!;
  const rows = await unsafeSystemDb(db)
    .select({ id: tasks.id, tenantId: tasks.tenantId })
    .from(tasks)
    .where(onlyTenant === undefined ? due : and(eq(tasks.tenantId, onlyTenant), due))
    .orderBy(asc(tasks.limitDate))
    .limit(BATCH);
  const byTenant = new Map<number, number[]>();
  for (const r of rows) byTenant.set(r.tenantId, [...(byTenant.get(r.tenantId) ?? []), r.id]);
  let notified = 0;
  for (const [tenantId, ids] of byTenant) {
    notified += await withTenant(db, tenantId, (scope) =>
      scope.transaction(async (tx) => {
        const claimed = await tx.update(tasks, { delayNotifiedAt: now }, and(inArray(tasks.id, ids), due)!);
        for (const { id } of claimed) {
          const row = await getTaskRow(tx, id);
          if (row) emitTaskDelayed(tx, row);
        }
        return claimed.length;
      }),
    );
  }
  return notified;
}

/**
 * Every minute over all companies: the safety net for tasks whose timer
 * (notify-delayed-timer.job.ts, queued when a pending task is saved) was lost.
 */
export const notifyDelayedTasksJob = defineJob({
  id: 'tasks.notify-delayed',
  schema: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 120,
  async handler(_data, { platform }) {
    await notifyDelayedTasks(platform.db);
  },
});
