// SECURITY-CRITICAL: a cross-tenant sweeper. It deletes, through the unsafe handle, only rows of
// dashboard_ticket_changes older than CHANGES_KEPT, of every company, and reads nothing.
import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dashboardTicketChanges } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { defineJob } from '../../../platform/jobs/define-job.js';

/**
 * How long a ticket change is kept for the dashboard's cache of past days: longer than a cache
 * entry lives unread (finished-days.ts drops those after an hour), so no entry ever needs
 * a change that is gone.
 */
export const CHANGES_KEPT = '1 day';

export const pruneDashboardChangesJob = defineJob({
  id: 'dashboard.prune-changes',
  schema: z.object({}).passthrough(),
  cron: '17 * * * *',
  retryLimit: 0,
  async handler(_data, { platform }) {
    await unsafeSystemDb(platform.db)
      .delete(dashboardTicketChanges)
      .where(lt(dashboardTicketChanges.createdAt, sql`now() - ${CHANGES_KEPT}::interval`));
  },
});
