import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { enqueue } from '../../../platform/jobs/enqueue.js';
import { sendMessageJob } from '../jobs/send-message.job.js';

/**
 * Queues the sending of a recorded pending outbound message, after the surrounding transaction
 * commits. Safe to call more than once: the job claims the message before sending, and a crash
 * between commit and enqueue is repaired by the messages.resend-stuck sweeper. The ticket is in the
 * job so that one ticket's sends go out one after another, in order (send-message.job.ts).
 */
export function enqueueSend(scope: TenantScope, message: { id: number; ticketId: number }): void {
  enqueue(scope, sendMessageJob, { messageId: message.id, ticketId: message.ticketId }, { singletonKey: `send:${message.id}` });
}
