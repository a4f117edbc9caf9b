import { z } from 'zod';
import { jobsOf } from '../../../platform/jobs/enqueue.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { runBotStep } from '../commands/run-bot-step.js';

/**
 * One ticket's turn of the bot (never inside the webhook): its unhandled customer messages in
 * order, or its time without answer (`due`). Safe to run twice: the ticket row is locked and the
 * bot state keeps the last message it handled.
 */
export const chatbotStepJob = defineJob({
  id: 'chatbot.step',
  schema: z.object({
    tenantId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    due: z.boolean().default(false),
    /** The message opened the ticket: which bot runs is decided first. */
    created: z.boolean().default(false),
    /** Remade by the recovery sweep (recover-bot-steps.job.ts): decide as the lost job would have. */
    recovered: z.boolean().default(false),
  }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryBackoff: true,
  // pg-boss waits its polling interval between fetches: the batch bounds steps per second per
  // instance, so it is large (a failure retries the batch, which repeats nothing: see above).
  batchSize: 500,
  // Steps of different tickets run side by side; one ticket's are serialised by its row lock.
  parallel: 8,
  // Sent from this process (the inbound hook, a transfer): run at once, not at the next poll.
  wake: true,
  async handler(data, { platform, scope }) {
    if (!scope) throw new Error('chatbot.step runs in a tenant scope');
    const report = await runBotStep(platform, scope, data.ticketId, { due: data.due, created: data.created, recovered: data.recovered });
    // A burst longer than one batch: the rest in a run of its own, in order (the lock keeps it so).
    if (report.more) await jobsOf(platform.db).send(chatbotStepJob, { tenantId: scope.tenantId, ticketId: data.ticketId, due: false, created: false, recovered: false });
  },
});
