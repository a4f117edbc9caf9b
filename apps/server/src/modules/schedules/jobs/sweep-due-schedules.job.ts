// SECURITY-CRITICAL: a cross-tenant sweeper. It reads only (tenant id, schedule id) pairs through
// the unsafe handle and sends each inside that tenant's scope.
import { and, asc, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../platform/db/client.js';
import { schedules } from '../../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import type { FastifyBaseLogger } from 'fastify';
import { sendDueSchedule } from '../commands/send-due-schedule.js';

/** Schedules per sweep; the rest are found by the next one. */
const SWEEP_MAX = 500;

/**
 * Every due pending schedule, oldest first (schedules_due_idx), sent one by one. Also what sends
 * the occurrences that fell due while no server was running: the first sweep after start.
 */
export async function sweepDueSchedules(db: Database, log?: FastifyBaseLogger, now = new Date()): Promise<number> {
  const due = await unsafeSystemDb(db)
    .select({ id: schedules.id, tenantId: schedules.tenantId })
    .from(schedules)
    .where(and(eq(schedules.status, 'pending'), lte(schedules.sendAt, now)))
    .orderBy(asc(schedules.sendAt))
    .limit(SWEEP_MAX);
  let sent = 0;
  for (const s of due) {
    try {
      if ((await withTenant(db, s.tenantId, (scope) => sendDueSchedule(scope, s.id, now))) === 'sent') sent++;
    } catch (err) {
      // One schedule's failure must not hold back the others; it is tried again next sweep.
      log?.error({ err, scheduleId: s.id }, 'scheduled message not sent');
    }
  }
  return sent;
}

export const sweepDueSchedulesJob = defineJob({
  id: 'schedules.sweep-due',
  schema: z.object({}).loose(),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(_data, { platform }) {
    await sweepDueSchedules(platform.db, platform.log);
  },
});
