import type { InternalMessage } from '@prosa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationOf } from './internal-chat-alerts';
import { appendMessage } from './use-internal-chat';
import { IDLE_AFTER_MS, watchPresence } from './use-presence-reporter';

const msg = (over: Partial<InternalMessage>): InternalMessage => ({
  id: 1,
  senderId: 10,
  senderName: 'Ana',
  recipientId: 20,
  groupId: null,
  body: 'oi',
  mediaType: 'chat',
  mediaName: null,
  mediaUrl: null,
  mimeType: null,
  readAt: null,
  createdAt: new Date(0).toISOString(),
  ...over,
});

describe('the conversation a message belongs to', () => {
  it('is the other person for 1:1 messages, on both sides, and the group for group messages', () => {
    expect(conversationOf(msg({}), 20)).toEqual({ kind: 'user', id: 10 });
    expect(conversationOf(msg({}), 10)).toEqual({ kind: 'user', id: 20 });
    expect(conversationOf(msg({ recipientId: null, groupId: 7 }), 20)).toEqual({ kind: 'group', id: 7 });
  });
});

describe('appendMessage', () => {
  const data = {
    pages: [
      { messages: [msg({ id: 3 }), msg({ id: 4 })], hasMore: true },
      { messages: [msg({ id: 1 }), msg({ id: 2 })], hasMore: false },
    ],
    pageParams: [null, 3],
  };
  it('adds a new message at the end of the newest page', () => {
    const next = appendMessage(data, msg({ id: 5 }));
    expect(next!.pages[0]!.messages.map((m) => m.id)).toEqual([3, 4, 5]);
    expect(next!.pages[1]).toBe(data.pages[1]);
  });
  it('keeps a message once when the socket and the POST answer both bring it', () => {
    expect(appendMessage(data, msg({ id: 4 }))).toBe(data);
    expect(appendMessage(data, msg({ id: 2 }))).toBe(data);
  });
  it('leaves a history that is not loaded alone', () => {
    expect(appendMessage(undefined, msg({ id: 9 }))).toBeUndefined();
  });
});

describe('presence reporting', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says idle after the quiet time, active at the next input, and nothing in between', () => {
    const target = new EventTarget();
    const said: string[] = [];
    const stop = watchPresence(target, (e) => said.push(e));
    vi.advanceTimersByTime(IDLE_AFTER_MS - 1);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(IDLE_AFTER_MS - 1);
    expect(said).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(said).toEqual(['setUserIdle']);
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('mousemove'));
    expect(said).toEqual(['setUserIdle', 'setUserActive']);
    stop();
    vi.advanceTimersByTime(IDLE_AFTER_MS * 2);
    expect(said).toEqual(['setUserIdle', 'setUserActive']);
  });
});
