import { channelTakes } from '../../channels/message-actions.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { changeMessage } from '../change-message.js';
import { assertMayEdit } from '../messages.policy.js';
import { reachedProvider, recordAction } from './record-action.js';

/**
 * Our own text messages of the last 24 hours, on channels whose provider edits messages (others
 * answer ERR_CHANNEL_NOT_SUPPORTED and change nothing). A message the provider has gets the edit
 * through the outbox (messages.apply-action); one still waiting to be sent simply goes out with
 * the new text (and if it was being sent right then, the edit follows it: catch-up-after-send.ts).
 */
export function editMessage(scope: TenantScope, auth: AuthContext, id: number, body: string) {
  return changeMessage(
    scope,
    auth,
    id,
    (access, row) => {
      assertMayEdit(access, row);
      if (!channelTakes(access.base.channel?.type, 'edit')) throw new AppError('ERR_CHANNEL_NOT_SUPPORTED');
    },
    async (tx, row) => {
      if (row.body === body) return null;
      if (reachedProvider(row)) await recordAction(tx, row.id, 'edit');
      return { body, isEdited: true };
    },
  );
}
