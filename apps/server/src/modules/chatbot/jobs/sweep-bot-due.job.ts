import { and, isNotNull, lte, ne } from 'drizzle-orm';
import { z } from 'zod';
import { tickets } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { jobsOf } from '../../../platform/jobs/enqueue.js';
import { chatbotStepJob } from './chatbot-step.job.js';

/** Tickets per sweep; the rest are found by the next one. */
const SWEEP_MAX = 1_000;

/**
 * Every minute: tickets whose time without answer ran out (tickets.bot_due_at, partial index)
 * get a `due` step. A cross-tenant read of ids only (the unscoped handle, as the platform
 * sweepers do); each step then runs in its ticket's tenant scope and checks the time again
 * under the ticket's lock, so a late or repeated sweep changes nothing.
 */
export const sweepBotDueJob = defineJob({
  id: 'chatbot.sweep-due',
  schema: z.object({}).loose(),
  cron: '* * * * *',
  retryLimit: 1,
  async handler(_data, { platform }) {
    const due = await unsafeSystemDb(platform.db)
      .select({ id: tickets.id, tenantId: tickets.tenantId })
      .from(tickets)
      .where(and(isNotNull(tickets.botDueAt), lte(tickets.botDueAt, new Date()), ne(tickets.status, 'closed')))
      .limit(SWEEP_MAX);
    const jobs = jobsOf(platform.db);
    for (const t of due) await jobs.send(chatbotStepJob, { tenantId: t.tenantId, ticketId: t.id, due: true, created: false, recovered: false });
  },
});
