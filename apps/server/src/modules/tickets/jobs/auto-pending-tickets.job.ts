import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { sweepTenants } from './sweep-tenants.js';

/** Every minute: return to pending the open tickets whose agent went silent (autoPendingTicketsTime). */
export const autoPendingTicketsJob = defineJob({
  id: 'tickets.auto-pending',
  schema: z.object({}),
  cron: '* * * * *',
  retryLimit: 1,
  expireInSeconds: 120,
  handler: async (_data, ctx) => {
    await sweepTenants(ctx, 'autoPendingTicketsTime');
  },
});
