// SECURITY-CRITICAL: a cross-tenant sweeper. It reads only (tenant id, message id) pairs through
// the unsafe handle and hands each to a job that runs inside that tenant's scope.
import { and, asc, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { enqueueSend } from '../commands/enqueue-send.js';

/**
 * Pending outbound messages untouched this long are sent again (crash between commit and enqueue).
 * OUTBOX_STUCK_AFTER_MS shortens it for the crash tests (faults/).
 */
export const STUCK_AFTER_MS = Number(process.env.OUTBOX_STUCK_AFTER_MS) || 60_000;
const BATCH = 500;

export const resendStuckJob = defineJob({
  id: 'messages.resend-stuck',
  schema: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(_data, { platform }) {
    const before = new Date(Date.now() - STUCK_AFTER_MS);
    const rows = await unsafeSystemDb(platform.db)
      .select({ id: messages.id, tenantId: messages.tenantId, ticketId: messages.ticketId })
      .from(messages)
      .where(
        and(
          // Written as the predicate of messages_outbox_idx, so the sweep reads that index only.
          sql`${messages.status} = 'pending' and ${messages.fromMe}`,
          lt(messages.updatedAt, before),
          or(isNull(messages.scheduleDate), lte(messages.scheduleDate, sql`now()`)),
        ),
      )
      .orderBy(asc(messages.updatedAt))
      .limit(BATCH);
    for (const r of rows) await withTenant(platform.db, r.tenantId, async (scope) => enqueueSend(scope, r));
  },
});
