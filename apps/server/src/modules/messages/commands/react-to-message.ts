import { channelTakes } from '../../channels/message-actions.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { ticketCan } from '../../tickets/tickets.policy.js';
import { changeMessage } from '../change-message.js';
import { ourReaction } from '../messages.presenter.js';
import { reachedProvider, recordAction } from './record-action.js';
import { assertWindowOpen } from './send-message.js';

/**
 * Toggles the caller's reaction: the same emoji again removes it, another replaces it, '' removes.
 * A reaction reaches the customer, so it takes the right to reply and a channel that has
 * reactions (and, with a closed 24-hour window, is refused like a message). The provider shows
 * one reaction of the company: the latest of its agents (messages.apply-action sends it).
 */
export function reactToMessage(scope: TenantScope, auth: AuthContext, id: number, emoji: string) {
  return changeMessage(
    scope,
    auth,
    id,
    (access, row) => {
      if (!ticketCan(access.viewer, access.facts).reply || row.isDeleted) throw new AppError('ERR_NO_PERMISSION');
      if (!channelTakes(access.base.channel?.type, 'react', emoji)) throw new AppError('ERR_CHANNEL_NOT_SUPPORTED');
      if (reachedProvider(row)) assertWindowOpen(access);
    },
    async (tx, row) => {
      const mine = row.reactions.find((r) => r.fromMe && r.userId === auth.userId);
      const others = row.reactions.filter((r) => r !== mine);
      const next = emoji && mine?.emoji !== emoji ? [...others, { emoji, fromMe: true, userId: auth.userId }] : others;
      if (!mine && next === others) return null;
      // Our pending messages get the reaction once sent (catch-up-after-send.ts).
      if (reachedProvider(row) && ourReaction(row) !== ourReaction({ reactions: next }))
        await recordAction(tx, row.id, 'react');
      return { reactions: next };
    },
  );
}
