import { COMMENT_MARKER, type Message, type Ticket } from '@prosa/contracts';

/** What the server says the viewer may do on this ticket (`can`, `messageActions`). */
export type TicketRights = Pick<Ticket, 'can' | 'messageActions'>;

export interface MessageRights {
  reply: boolean;
  react: boolean;
  /** The only reactions the channel takes; null: any emoji. */
  reactionEmojis: string[] | null;
  edit: boolean;
  delete: boolean;
  /** Answer a public comment publicly (POST /hub-message/comentary/{id}). */
  replyComment: boolean;
}

/**
 * The message menu's actions: the ticket's rights as the server sent them (the channel's provider
 * included), applied to the message's own facts (ours, text, sent yet). Nothing is offered on a
 * message not stored yet or deleted. A message that never reached the customer (pending, failed)
 * may be deleted on any channel: that only cancels it. The server decides again on every request.
 */
export function messageRights(ticket: TicketRights, m: Message): MessageRights {
  const usable = m.id > 0 && !m.isDeleted;
  const { messageActions: can } = ticket;
  const neverSent = m.status === 'pending' || m.status === 'failed';
  return {
    reply: usable && ticket.can.reply,
    react: usable && can.react,
    reactionEmojis: can.reactionEmojis,
    edit: usable && can.edit && m.fromMe && m.mediaType === 'chat' && !m.mediaUrl,
    delete: usable && m.fromMe && (can.delete || neverSent),
    replyComment: usable && ticket.can.reply && !m.fromMe && m.mediaType === 'comment',
  };
}

/** A comment's text as the desk shows it: the stored marker becomes the bubble's label. */
export const commentText = (m: Pick<Message, 'body' | 'mediaType'>) =>
  m.mediaType === 'comment' && m.body.startsWith(COMMENT_MARKER)
    ? m.body.slice(COMMENT_MARKER.length).trimStart()
    : m.body;
