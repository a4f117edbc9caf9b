import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { notifyDelayedTasks } from './notify-delayed-tasks.job.js';

/**
 * Queued for just after a pending task's limit date when it is saved (save-task.ts), so its owner
 * hears of the delay at once rather than at the next minute's sweep. It claims the company's due
 * tasks the same way the sweep does, so the two never notify one task twice.
 */
export const notifyDelayedTimerJob = defineJob({
  id: 'tasks.notify-delayed-timer',
  schema: z.object({ tenantId: z.number().int().positive() }),
  retryLimit: 2,
  async handler(data, { platform }) {
    await notifyDelayedTasks(platform.db, new Date(), data.tenantId);
  },
});
