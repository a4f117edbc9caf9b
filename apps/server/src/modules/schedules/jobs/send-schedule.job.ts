import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { sendDueSchedule } from '../commands/send-due-schedule.js';

/**
 * The timer of one occurrence, queued for its time by the commands. Safe to run late, twice or
 * for an occurrence that was edited or cancelled meanwhile: only a due pending schedule is sent.
 */
export const sendScheduleJob = defineJob({
  id: 'schedules.send',
  schema: z.object({ tenantId: z.number().int().positive(), scheduleId: z.number().int().positive() }),
  retryLimit: 3,
  async handler(data, ctx) {
    if (!ctx.scope) throw new Error('schedules.send runs in a tenant scope');
    await sendDueSchedule(ctx.scope, data.scheduleId);
  },
});
