import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { deliverWebhook } from '../deliver-webhook.js';

/**
 * POSTs one recorded channel webhook delivery. Retries are scheduled by the delivery itself (a
 * new job at next_attempt_at, exponential backoff), not by the queue: the row is the truth.
 */
export const deliverWebhookJob = defineJob({
  id: 'channel-webhooks.deliver',
  schema: z.object({ tenantId: z.number().int().positive(), deliveryId: z.number().int().positive() }),
  retryLimit: 0,
  expireInSeconds: 120,
  async handler(data, ctx) {
    if (!ctx.scope) throw new Error('channel-webhooks.deliver runs in a tenant scope');
    await deliverWebhook(ctx.platform, ctx.scope, data.deliveryId);
  },
});
