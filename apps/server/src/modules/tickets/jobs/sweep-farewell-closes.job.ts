// SECURITY-CRITICAL: a cross-tenant sweeper. It reads only (tenant id, ticket id) pairs through the
// unsafe handle and closes each ticket inside that tenant's scope.
import { and, asc, isNotNull, lt, ne } from 'drizzle-orm';
import { z } from 'zod';
import { tickets } from '../../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { finishFarewellClose } from '../commands/finish-farewell-close.js';

/** A farewell close overdue by this much lost its job (crash between commit and enqueue). */
export const FAREWELL_OVERDUE_MS = 30_000;
const BATCH = 200;

/** Every minute: closes tickets whose farewell was sent but whose delayed close never ran. */
export const sweepFarewellClosesJob = defineJob({
  id: 'tickets.sweep-farewell-closes',
  schema: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(_data, { platform }) {
    const rows = await unsafeSystemDb(platform.db)
      .select({ id: tickets.id, tenantId: tickets.tenantId, userId: tickets.userId })
      .from(tickets)
      .where(
        and(
          isNotNull(tickets.closeAfter),
          lt(tickets.closeAfter, new Date(Date.now() - FAREWELL_OVERDUE_MS)),
          ne(tickets.status, 'closed'),
        ),
      )
      .orderBy(asc(tickets.closeAfter))
      .limit(BATCH);
    // The closer is not kept on the ticket; its assigned agent is the one who closed it.
    for (const r of rows)
      await withTenant(platform.db, r.tenantId, (scope) => finishFarewellClose(scope, r.id, r.userId));
  },
});
