import { z } from 'zod';
import { defineSessionJob } from '../../channels/session/session-jobs.js';
import { ACTION_RETRY_LIMIT, applyAction, channelOfPendingAction } from '../commands/apply-action.js';

/**
 * Tells the provider about one recorded reaction, edit or deletion (message_actions). Like sends,
 * it runs on the instance holding the channel's live session when the channel needs one
 * (WhatsApp Web: modules/channels/session/session-jobs.ts).
 */
export const applyActionJob = defineSessionJob({
  id: 'messages.apply-action',
  schema: z.object({ tenantId: z.number().int().positive(), actionId: z.number().int().positive() }),
  retryLimit: ACTION_RETRY_LIMIT,
  retryDelaySeconds: 2,
  retryBackoff: true,
  channelOf: (data, scope) => channelOfPendingAction(scope, data.actionId),
  async handler(data, ctx) {
    if (!ctx.scope) throw new Error('messages.apply-action runs in a tenant scope');
    await applyAction(ctx.platform, ctx.scope, data.actionId);
  },
});
