import { and, eq, isNull, max } from 'drizzle-orm';
import { chatGroupUsers, internalMessages } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { emitInternalRead } from '../internal-chat.events.js';
import { getColleague, getMemberGroup, unreadTotal } from '../internal-chat.queries.js';
import type { InternalTarget } from './send-internal-message.js';

/** Marks a conversation read for the viewer; answers its unread total left (the menu badge). */
export async function markInternalRead(scope: TenantScope, auth: AuthContext, target: InternalTarget) {
  const me = auth.userId;
  if (target.isGroup) {
    await getMemberGroup(scope, me, target.id);
    const [last] = await scope.query((db, owns) =>
      db
        .select({ id: max(internalMessages.id) })
        .from(internalMessages)
        .where(owns(internalMessages, eq(internalMessages.groupId, target.id))),
    );
    await scope.update(
      chatGroupUsers,
      { lastReadId: last?.id ?? 0 },
      and(eq(chatGroupUsers.groupId, target.id), eq(chatGroupUsers.userId, me))!,
    );
    emitInternalRead(scope, [me], { readerId: me, groupId: target.id });
  } else {
    await getColleague(scope, me, target.id);
    await scope.update(
      internalMessages,
      { readAt: new Date() },
      and(
        eq(internalMessages.senderId, target.id),
        eq(internalMessages.recipientId, me),
        isNull(internalMessages.readAt),
      )!,
    );
    emitInternalRead(scope, [me, target.id], { readerId: me, userId: target.id });
  }
  return { count: await unreadTotal(scope, me) };
}
