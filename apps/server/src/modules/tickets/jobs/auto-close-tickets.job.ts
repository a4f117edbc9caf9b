import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { sweepTenants } from './sweep-tenants.js';

/** Every minute: close tickets whose customer went silent, per tenant setting autoCloseTicketsTime. */
export const autoCloseTicketsJob = defineJob({
  id: 'tickets.auto-close',
  schema: z.object({}),
  cron: '* * * * *',
  retryLimit: 1,
  expireInSeconds: 120,
  handler: async (_data, ctx) => {
    await sweepTenants(ctx, 'autoCloseTicketsTime');
  },
});
