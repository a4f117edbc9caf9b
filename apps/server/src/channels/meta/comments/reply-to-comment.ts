/**
 * POST /hub-message/comentary/{id} (SPEC §7): a public reply to a customer's comment on a page post
 * or an Instagram media. It goes through the outbox like any agent message: recorded first (status
 * pending, kind `comment`, quoting the comment), then sent by the messages.send job, where the
 * adapter answers the quoted comment (POST /{comment-id}/comments or /replies) instead of a DM.
 * Comment replies are not DMs, so the 24-hour messaging window does not apply to them.
 */
import { eq } from 'drizzle-orm';
import { messages, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { enqueueSend } from '../../../modules/messages/commands/enqueue-send.js';
import { emitMessage } from '../../../modules/messages/messages.events.js';
import { assertMayReply } from '../../../modules/messages/messages.policy.js';
import { presentMessage, previewOf } from '../../../modules/messages/messages.presenter.js';
import { getMessage, messagesWithQuoted, type MessageWithQuoted } from '../../../modules/messages/messages.queries.js';
import { emitTicketChange } from '../../../modules/tickets/tickets.events.js';
import { isMetaType } from '../meta.config.js';
import { firstResponsePatch } from '../../../modules/tickets/first-response.js';

export async function replyToComment(
  scope: TenantScope,
  auth: AuthContext,
  messageId: number,
  text: string,
): Promise<MessageWithQuoted> {
  // Another tenant's message is not found (404); a ticket the user may not answer is refused.
  const comment = await getMessage(scope, messageId);
  const access = await assertMayReply(scope, auth, comment.ticketId);
  const channelType = access.base.channel?.type ?? '';
  if (comment.mediaType !== 'comment' || comment.fromMe || !comment.externalId || !isMetaType(channelType) || comment.isDeleted)
    throw new AppError('ERR_CHANNEL_NOT_SUPPORTED');
  const { row: ticket } = access.base;
  const [inserted] = await scope.transaction(async (tx) => {
    const rows = await tx.query((db) =>
      db
        .insert(messages)
        .values({
          tenantId: tx.tenantId,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          channelId: ticket.channelId,
          userId: auth.userId,
          fromMe: true,
          status: 'pending',
          body: text,
          mediaType: 'comment',
          quotedMsgId: comment.id,
        })
        .returning(),
    );
    const row = rows[0]!;
    const now = new Date();
    await tx.update(
      tickets,
      {
        lastMessage: previewOf(row),
        lastMessageAt: now,
        lastOutboundAt: now,
        answered: true,
        updatedAt: now,
        ...firstResponsePatch(auth.userId),
      },
      eq(tickets.id, ticket.id),
    );
    emitMessage(tx, ticket.id, 'create', presentMessage(row, comment));
    enqueueSend(tx, row);
    emitTicketChange(tx, ticket.id, 'update');
    return rows;
  });
  const [withQuoted] = await messagesWithQuoted(scope, [inserted!.id]);
  return withQuoted!;
}
