import type { ChatGroup, InternalMessage } from '@prosa/contracts';
import type { AuthContext } from '../../platform/http/auth-context.js';
import type { GroupRow, InternalMessageRow } from './internal-chat.queries.js';
import { mayManage } from './internal-chat.policy.js';

export function presentInternalMessage(row: InternalMessageRow, senderName: string): InternalMessage {
  return {
    id: row.id,
    senderId: row.senderId,
    senderName,
    recipientId: row.recipientId,
    groupId: row.groupId,
    body: row.body,
    mediaType: row.mediaType,
    mediaName: row.mediaName,
    mediaUrl: row.mediaKey ? `/chat-interno/media/${row.id}` : null,
    mimeType: row.mimeType,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentGroup(group: GroupRow, userIds: number[], unread: number, viewer: AuthContext): ChatGroup {
  return {
    id: group.id,
    name: group.name,
    ownerId: group.ownerId,
    teamId: group.teamId,
    userIds,
    unread,
    canManage: mayManage(viewer, group),
  };
}
