import type { InternalMessage } from '@prosa/contracts';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { publish } from '../../platform/realtime/publish.js';

/**
 * Internal-chat events go to the user rooms of the people in the conversation only (membership
 * is checked when the message is written, so a removed member stops receiving at once).
 */
function toUsers(scope: TenantScope, userIds: number[], event: string, payload: unknown) {
  for (const userId of new Set(userIds)) publish(scope, { kind: 'user', userId }, event, payload);
}

export function emitInternalMessage(scope: TenantScope, userIds: number[], message: InternalMessage) {
  toUsers(scope, userIds, 'chat-interno:message', { message });
}

/** The reader's other tabs clear their badges; a 1:1 sender sees its messages read. */
export function emitInternalRead(
  scope: TenantScope,
  userIds: number[],
  read: { readerId: number; userId?: number; groupId?: number },
) {
  toUsers(scope, userIds, 'chat-interno:read', read);
}

/** Members (and removed members) reload their group list. */
export function emitGroupChange(
  scope: TenantScope,
  userIds: number[],
  action: 'create' | 'update' | 'delete',
  groupId: number,
) {
  toUsers(scope, userIds, 'chat-interno:group', { action, groupId });
}
