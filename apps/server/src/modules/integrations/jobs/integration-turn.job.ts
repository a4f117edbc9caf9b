import { z } from 'zod';
import { jobsOf } from '../../../platform/jobs/enqueue.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { runIntegrationTurns } from '../commands/run-integration-turns.js';

const RETRY_LIMIT = 4;

/**
 * A ticket's turns with its queue integration, one job per customer message (the inbound hook);
 * the ticket's messages are answered in order whichever job runs (run-integration-turns.ts). A
 * provider failure worth retrying (RetryableIntegrationError) retries the job with backoff; on the
 * last attempt it hands the ticket over instead, so the customer is never left unanswered.
 */
export const integrationTurnJob = defineJob({
  id: 'integrations.turn',
  schema: z.object({
    tenantId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    /** The message that queued it (the singleton key: one job per message). */
    messageId: z.number().int().positive(),
  }),
  retryLimit: RETRY_LIMIT,
  retryDelaySeconds: 2,
  retryBackoff: true,
  parallel: 4,
  wake: true,
  async handler(data, { platform, scope, attempt }) {
    if (!scope) throw new Error('integrations.turn runs in a tenant scope');
    const report = await runIntegrationTurns(platform, scope, data.ticketId, { lastAttempt: attempt >= RETRY_LIMIT });
    if (report.more)
      await jobsOf(platform.db).send(integrationTurnJob, { tenantId: scope.tenantId, ticketId: data.ticketId, messageId: data.messageId }, { singletonKey: `integration-more:${data.messageId}:${Date.now()}` });
  },
});
