import type { Message } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { commentText, messageRights, type TicketRights } from './message-rights';

const at = new Date(Date.UTC(2026, 0, 1, 12)).toISOString();
function msg(patch: Partial<Message> = {}): Message {
  return {
    id: 10,
    ticketId: 1,
    body: 'oi',
    mediaType: 'chat',
    mediaName: null,
    mediaUrl: null,
    mimeType: null,
    fromMe: true,
    status: 'sent',
    timestamp: at,
    createdAt: at,
    updatedAt: at,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    reactions: [],
    userId: 1,
    clientId: null,
    scheduleDate: null,
    actionFailed: null,
    ...patch,
  };
}
const can = {
  accept: false,
  reply: true,
  close: true,
  reopen: false,
  returnToQueue: true,
  transfer: true,
  delete: false,
  read: true,
  markPrivate: false,
};
const ticket = (actions: Partial<TicketRights['messageActions']>, reply = true): TicketRights => ({
  can: { ...can, reply },
  messageActions: { react: true, reactionEmojis: null, edit: true, delete: true, ...actions },
});

describe('message menu rights', () => {
  it('offers what the channel does: WhatsApp Web everything, the Cloud API reactions only', () => {
    expect(messageRights(ticket({}), msg())).toMatchObject({ react: true, edit: true, delete: true });
    const waba = ticket({ edit: false, delete: false });
    expect(messageRights(waba, msg())).toMatchObject({ react: true, edit: false, delete: false });
    expect(messageRights(ticket({ react: false, edit: false, delete: false }), msg())).toMatchObject({
      react: false,
      edit: false,
      delete: false,
    });
  });

  it("passes on the channel's reactions; edits only our text, deletes only ours", () => {
    expect(messageRights(ticket({ reactionEmojis: ['❤️'] }), msg()).reactionEmojis).toEqual(['❤️']);
    expect(messageRights(ticket({}), msg({ fromMe: false }))).toMatchObject({
      react: true,
      edit: false,
      delete: false,
    });
    expect(messageRights(ticket({}), msg({ mediaType: 'image', mediaUrl: '/media/10' })).edit).toBe(false);
  });

  it('a message never sent may be cancelled on any channel; nothing on a deleted or unsaved one', () => {
    const noDelete = ticket({ delete: false });
    expect(messageRights(noDelete, msg({ status: 'pending' })).delete).toBe(true);
    expect(messageRights(noDelete, msg({ status: 'failed' })).delete).toBe(true);
    expect(messageRights(noDelete, msg({ status: 'delivered' })).delete).toBe(false);
    expect(Object.values(messageRights(ticket({}), msg({ isDeleted: true }))).filter((v) => v === true)).toEqual([]);
    expect(messageRights(ticket({}), msg({ id: -3 })).edit).toBe(false);
  });

  it("follows the viewer's right to reply, which the server folds into react and edit", () => {
    const readOnly: TicketRights = {
      can: { ...can, reply: false },
      messageActions: { react: false, reactionEmojis: null, edit: false, delete: true },
    };
    expect(messageRights(readOnly, msg())).toMatchObject({ reply: false, react: false, edit: false, delete: true });
  });

  it('a public comment of the customer gets "reply publicly"; ours and others do not', () => {
    const comment = msg({ fromMe: false, mediaType: 'comment', body: '[comentário] Tem em azul?' });
    expect(messageRights(ticket({}), comment).replyComment).toBe(true);
    expect(messageRights(ticket({}, false), comment).replyComment).toBe(false);
    expect(messageRights(ticket({}), msg({ mediaType: 'comment' })).replyComment).toBe(false);
    expect(messageRights(ticket({}), msg({ fromMe: false })).replyComment).toBe(false);
    expect(commentText(comment)).toBe('Tem em azul?');
    expect(commentText(msg({ body: '[comentário] não é comentário' }))).toBe('[comentário] não é comentário');
  });
});
