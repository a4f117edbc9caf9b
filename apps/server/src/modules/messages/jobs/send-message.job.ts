import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { deliverMessage, SEND_RETRY_LIMIT } from '../commands/deliver-message.js';

/** Sends one recorded outbound message through its channel's adapter (the outbox's worker). */
export const sendMessageJob = defineJob({
  id: 'messages.send',
  schema: z.object({ tenantId: z.number().int().positive(), messageId: z.number().int().positive() }),
  retryLimit: SEND_RETRY_LIMIT,
  retryDelaySeconds: 2,
  retryBackoff: true,
  async handler(data, ctx) {
    if (!ctx.scope) throw new Error('messages.send runs in a tenant scope');
    await deliverMessage(ctx.platform, ctx.scope, data.messageId);
  },
});
