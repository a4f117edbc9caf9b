import { LANGUAGES } from '@prosa/contracts';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { requestPasswordReset } from '../commands/request-password-reset.js';

/**
 * Looks the email up and mails its recovery code, away from the request (issue 9, M2): the
 * request answers the same, in the same time, whether the account exists and whether the mail
 * server is reachable. A mail server that fails is retried; each try issues a fresh code.
 */
export const sendPasswordResetJob = defineJob({
  id: 'auth.send-password-reset',
  schema: z.object({ email: z.string().max(320), language: z.enum(LANGUAGES).optional() }),
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  async handler(data, ctx) {
    await requestPasswordReset(ctx.platform, data.email, data.language);
  },
});
