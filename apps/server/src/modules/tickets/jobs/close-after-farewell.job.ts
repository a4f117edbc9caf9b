import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { finishFarewellClose } from '../commands/finish-farewell-close.js';

/** Closes a ticket a few seconds after its farewell message (SPEC §4). */
export const closeAfterFarewellJob = defineJob({
  id: 'tickets.close-after-farewell',
  schema: z.object({ tenantId: z.number().int(), ticketId: z.number().int(), userId: z.number().int().nullable() }),
  retryLimit: 5,
  handler: async (data, ctx) => {
    if (!ctx.scope) throw new Error('tickets.close-after-farewell needs a tenant');
    await finishFarewellClose(ctx.scope, data.ticketId, data.userId);
  },
});
