import { eq } from 'drizzle-orm';
import { schedules } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { getVisibleSchedule } from '../schedules.queries.js';
import { bumpScheduledCount, dropFileIfUnused } from '../schedule-store.js';

/**
 * Cancels a schedule (or removes a sent one from the list). A pending one leaves the ticket's
 * count; the row lock makes a send racing the delete either finish first or find nothing.
 */
export async function deleteSchedule(scope: TenantScope, auth: AuthContext, id: number): Promise<void> {
  const { row } = await getVisibleSchedule(scope, auth, id);
  await scope.transaction(async (tx) => {
    const [gone] = await tx.delete(schedules, eq(schedules.id, id));
    if (gone?.status === 'pending') await bumpScheduledCount(tx, gone.ticketId, -1);
  });
  await dropFileIfUnused(scope, row.mediaKey);
}
