import type { TicketStatus } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { getQueue } from '../../queues/queues.queries.js';
import { enterIntegration, integrationOfQueue, leaveIntegration } from '../../integrations/hand-over.js';
import { logTicket } from '../ticket-log.js';
import { mutateTicket, patchTicket } from '../tickets.mutate.js';

export interface TransferTarget {
  /** undefined: keep the queue; null: no queue. */
  queueId?: number | null;
  /** undefined: keep the user when the queue stays, else none; null: nobody. */
  userId?: number | null;
  status?: TicketStatus;
}

/**
 * Transfer to a queue and/or a user of the tenant. A ticket given to a user is open for that
 * user; one sent to a queue alone waits there, pending. A human transfer takes it from the bot,
 * and from its integration; one to another queue with an integration and nobody hands it to that.
 */
export function transferTicket(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
  target: TransferTarget,
): Promise<void> {
  return mutateTicket(scope, auth, id, 'transfer', async ({ tx, row }) => {
    if (target.queueId) await getQueue(tx, target.queueId);
    if (target.userId && !(await tx.first(users, eq(users.id, target.userId)))) throw new AppError('ERR_NO_USER_FOUND');
    const queueId = target.queueId === undefined ? row.queueId : target.queueId;
    const queueChanged = queueId !== row.queueId;
    const userId = target.userId === undefined ? (queueChanged ? null : row.userId) : target.userId;
    const status: TicketStatus =
      target.status && target.status !== 'closed' ? target.status : userId ? 'open' : 'pending';
    const integrationId = !userId && status === 'pending' && queueChanged ? await integrationOfQueue(tx, queueId) : null;
    const integration =
      integrationId !== null
        ? { ...(await leaveIntegration(tx, row, { userId: auth.userId, reason: 'transfer' })), ...(await enterIntegration(tx, id, integrationId, queueId, { userId: auth.userId, fromInbound: false })) }
        : await leaveIntegration(tx, row, { userId: auth.userId, reason: 'transfer' });
    await patchTicket(tx, id, {
      ...integration,
      queueId,
      userId,
      status,
      chatFlowId: null,
      botState: null,
      closeAfter: null,
      ...(status === 'open' && (row.status !== 'open' || userId !== row.userId)
        ? { startedAttendanceAt: new Date() }
        : {}),
    });
    const payload = { fromQueueId: row.queueId, toQueueId: queueId, fromUserId: row.userId, toUserId: userId };
    await logTicket(tx, id, 'transfered', { userId: auth.userId, queueId: row.queueId, payload });
    await logTicket(tx, id, 'receivedTransfer', { userId, queueId, payload });
  });
}
