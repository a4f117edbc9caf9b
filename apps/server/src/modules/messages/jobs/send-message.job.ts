import { z } from 'zod';
import { defineSessionJob } from '../../channels/session/session-jobs.js';
import {
  channelOfPendingSend,
  deliverMessage,
  SEND_RETRY_LIMIT,
} from '../commands/deliver-message.js';

/**
 * Sends one recorded outbound message (or a turn's several, in order) through its channel's adapter (the outbox's worker). Any
 * instance may pick it up; for a channel whose sends need the live session (WhatsApp Web) it runs
 * on the instance holding that session (modules/channels/session/session-jobs.ts).
 */
export const sendMessageJob = defineSessionJob({
  id: 'messages.send',
  schema: z.object({
    tenantId: z.number().int().positive(),
    messageId: z.number().int().positive(),
    /**
     * Messages of the same ticket to send after `messageId`, in this order (a bot turn's replies):
     * one job keeps them in order, where jobs inserted together are fetched in no fixed order.
     */
    next: z.array(z.number().int().positive()).max(100).optional(),
    /** The messages' ticket: its sends go one after another, in order (absent in jobs queued before it was added). */
    ticketId: z.number().int().positive().optional(),
  }),
  retryLimit: SEND_RETRY_LIMIT,
  retryDelaySeconds: 2,
  retryBackoff: true,
  // Fetched again at once while there is work, up to 16 at a time, 8 tickets' sends side by side
  // and each ticket's one after another, in the order they were queued. One send at a time (as it
  // was) capped a process at one provider call after another: bench/chatbot.ts's stand-in
  // delivered about 270 turns a second, and a provider answering in 200 ms would take 5.
  wake: true,
  batchSize: 16,
  parallel: 8,
  laneOf: (data) => (data.ticketId === undefined ? 'queued before lanes' : data.ticketId),
  channelOf: (data, scope) => channelOfPendingSend(scope, data.messageId),
  async handler(data, ctx) {
    if (!ctx.scope) throw new Error('messages.send runs in a tenant scope');
    // In order; a retryable failure throws, so the later ones wait for the retry (the ones
    // already sent are skipped by the claim then).
    for (const messageId of [data.messageId, ...(data.next ?? [])])
      await deliverMessage(ctx.platform, ctx.scope, messageId);
  },
});
