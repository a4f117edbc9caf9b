import { eq } from 'drizzle-orm';
import { queues, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { getQueue } from '../queues.queries.js';
import { emitQueueChange } from '../queues.events.js';

/** A queue that has tickets cannot be deleted (ERR_QUEUE_TICKET_EXISTS); deactivate it instead. */
export async function deleteQueue(scope: TenantScope, id: number): Promise<void> {
  await scope.transaction(async (tx) => {
    const row = await getQueue(tx, id);
    if ((await tx.count(tickets, eq(tickets.queueId, id))) > 0) throw new AppError('ERR_QUEUE_TICKET_EXISTS');
    await tx.delete(queues, eq(queues.id, id));
    emitQueueChange(tx, 'delete', row);
  });
}
