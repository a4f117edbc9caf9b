import { channelTakes } from '../../channels/message-actions.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { changeMessage } from '../change-message.js';
import { assertMayDelete } from '../messages.policy.js';
import { reachedProvider, recordAction } from './record-action.js';

/**
 * Only our own messages of the last 24 hours (ERR_DELETE_WAPP_MSG); the body is kept for audit.
 * One the customer has is deleted for everyone through the outbox (messages.apply-action), on
 * channels whose provider can (others: ERR_CHANNEL_NOT_SUPPORTED, nothing changed). One still in
 * the outbox is taken out of it, on every channel: it will not be sent.
 */
export function deleteMessage(scope: TenantScope, auth: AuthContext, id: number) {
  return changeMessage(
    scope,
    auth,
    id,
    (access, row) => {
      assertMayDelete(access, row);
      if (!row.isDeleted && reachedProvider(row) && !channelTakes(access.base.channel?.type, 'delete'))
        throw new AppError('ERR_CHANNEL_NOT_SUPPORTED');
    },
    async (tx, row) => {
      if (row.isDeleted) return null;
      if (reachedProvider(row)) await recordAction(tx, row.id, 'delete');
      return {
        isDeleted: true,
        ...(row.status === 'pending' ? { status: 'failed' as const, lastError: 'deleted' } : {}),
      };
    },
  );
}
