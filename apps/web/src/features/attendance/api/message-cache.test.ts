import type { Message } from '@prosa/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { flattenMessages, upsertMessage, type MessagePages } from './message-cache';
import { messageKeys } from './ticket-keys';

function msg(id: number, second: number, patch: Partial<Message> = {}): Message {
  const at = new Date(Date.UTC(2026, 0, 1, 12, 0, second)).toISOString();
  return {
    id,
    ticketId: 1,
    body: `m${id}`,
    mediaType: 'chat',
    mediaName: null,
    mediaUrl: null,
    mimeType: null,
    fromMe: false,
    status: 'received',
    timestamp: at,
    createdAt: at,
    updatedAt: at,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    reactions: [],
    userId: null,
    clientId: null,
    scheduleDate: null,
    actionFailed: null,
    ...patch,
  };
}

function seed(qc: QueryClient, pages: Message[][]) {
  const data: MessagePages = {
    pages: pages.map((messages) => ({
      messages,
      messagesOffLine: [],
      hasMore: true,
      count: 40,
      ticket: { id: 1, status: 'open' },
    })),
    pageParams: pages.map((_p, i) => i + 1),
  };
  qc.setQueryData(messageKeys.page(1), data);
}
const flat = (qc: QueryClient) => flattenMessages(qc.getQueryData<MessagePages>(messageKeys.page(1))).map((m) => m.id);

describe('the cached conversation', () => {
  it('is shown oldest first across pages (page 1 is the newest), each message once', () => {
    const qc = new QueryClient();
    // Page 2 overlaps page 1 after new messages arrived (offset paging).
    seed(qc, [
      [msg(3, 3), msg(4, 4)],
      [msg(1, 1), msg(2, 2), msg(3, 3)],
    ]);
    expect(flat(qc)).toEqual([1, 2, 3, 4]);
  });

  it('a local pending message is replaced by the stored one with the same clientId', () => {
    const qc = new QueryClient();
    seed(qc, [[msg(4, 4)]]);
    upsertMessage(qc, 1, msg(-1, 5, { fromMe: true, status: 'pending', clientId: 'abc' }));
    expect(flat(qc)).toEqual([4, -1]);
    upsertMessage(qc, 1, msg(5, 5, { fromMe: true, status: 'sent', clientId: 'abc' }));
    expect(flat(qc)).toEqual([4, 5]);
  });

  it('an update replaces the message where it is; several local messages keep their order', () => {
    const qc = new QueryClient();
    seed(qc, [[msg(4, 4)]]);
    upsertMessage(qc, 1, msg(4, 4, { body: 'editado', isEdited: true }));
    upsertMessage(qc, 1, msg(-1, 6, { clientId: 'a' }));
    upsertMessage(qc, 1, msg(-2, 6, { clientId: 'a:1' }));
    const list = flattenMessages(qc.getQueryData<MessagePages>(messageKeys.page(1)));
    expect(list.map((m) => m.id)).toEqual([4, -1, -2]);
    expect(list[0]!.body).toBe('editado');
  });
});
