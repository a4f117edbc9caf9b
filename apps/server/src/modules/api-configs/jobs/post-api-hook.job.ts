import { API_HOOK_EVENTS } from '@prosa/contracts';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { recordApiHookEvent } from '../record-api-hook.js';

/**
 * Records one hook of an API configuration (its payload read now, off the inbound path) as a
 * channel webhook delivery, which delivers it signed and retries it (channel-webhooks).
 */
export const postApiHookJob = defineJob({
  id: 'api-configs.hook',
  schema: z.object({
    tenantId: z.number().int().positive(),
    apiConfigId: z.number().int().positive(),
    event: z.enum(API_HOOK_EVENTS),
    messageId: z.number().int().positive(),
    status: z.string().optional(),
  }),
  retryLimit: 3,
  async handler(data, ctx) {
    if (!ctx.scope) throw new Error('api-configs.hook runs in a tenant scope');
    await recordApiHookEvent(ctx.scope, data);
  },
});
