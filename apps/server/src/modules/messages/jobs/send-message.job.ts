import { z } from 'zod';
import { defineSessionJob } from '../../channels/session/session-jobs.js';
import { channelOfPendingSend, deliverMessage, SEND_RETRY_LIMIT } from '../commands/deliver-message.js';

/**
 * Sends one recorded outbound message through its channel's adapter (the outbox's worker). Any
 * instance may pick it up; for a channel whose sends need the live session (WhatsApp Web) it runs
 * on the instance holding that session (modules/channels/session/session-jobs.ts).
 */
export const sendMessageJob = defineSessionJob({
  id: 'messages.send',
  schema: z.object({ tenantId: z.number().int().positive(), messageId: z.number().int().positive() }),
  retryLimit: SEND_RETRY_LIMIT,
  retryDelaySeconds: 2,
  retryBackoff: true,
  // Fetched again at once while there is work, one send at a time: replies queued faster than one
  // per polling interval (or left by a crash) go out at the provider's speed (faults/).
  wake: true,
  channelOf: (data, scope) => channelOfPendingSend(scope, data.messageId),
  async handler(data, ctx) {
    if (!ctx.scope) throw new Error('messages.send runs in a tenant scope');
    await deliverMessage(ctx.platform, ctx.scope, data.messageId);
  },
});
