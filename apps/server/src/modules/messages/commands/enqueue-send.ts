import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { enqueue } from '../../../platform/jobs/enqueue.js';
import { sendMessageJob } from '../jobs/send-message.job.js';

/**
 * Queues the sending of a recorded pending outbound message, after the surrounding transaction
 * commits. Safe to call more than once: the job claims the message before sending, and a crash
 * between commit and enqueue is repaired by the messages.resend-stuck sweeper.
 */
export function enqueueSend(scope: TenantScope, messageId: number): void {
  enqueue(scope, sendMessageJob, { messageId }, { singletonKey: `send:${messageId}` });
}
