import type { Message, ZMessagesPage } from '@prosa/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { messageKeys } from './ticket-keys';

export type MessagesPage = z.infer<typeof ZMessagesPage>;
export type MessagePages = InfiniteData<MessagesPage>;

const sameMessage = (a: Message, b: Message) => a.id === b.id || (!!b.clientId && a.clientId === b.clientId);

/**
 * Puts a message into a cached conversation: replaces the copy with the same id (or the local
 * copy with the same clientId), else appends it to the newest page. Pages overlap after new
 * messages arrive (offset paging); the screen removes duplicates when it flattens them.
 */
export function upsertMessage(qc: QueryClient, ticketId: number, msg: Message): void {
  qc.setQueryData<MessagePages>(messageKeys.page(ticketId), (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((page) => {
      const at = page.messages.findIndex((m) => sameMessage(m, msg));
      if (at === -1) return page;
      found = true;
      const messages = [...page.messages];
      messages[at] = msg;
      return { ...page, messages };
    });
    if (found) return { ...data, pages };
    const [newest, ...rest] = pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, msg], count: newest.count + 1 }, ...rest] };
  });
}

/** Changes a cached message in place (status of a local send, a reaction). */
export function patchMessage(
  qc: QueryClient,
  ticketId: number,
  match: (m: Message) => boolean,
  patch: Partial<Message>,
) {
  qc.setQueryData<MessagePages>(messageKeys.page(ticketId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.messages.some(match)
              ? { ...page, messages: page.messages.map((m) => (match(m) ? { ...m, ...patch } : m)) }
              : page,
          ),
        }
      : data,
  );
}

/** Merges a fresh newest page (read on arrival of new messages) into the cached conversation. */
export function mergeNewestPage(qc: QueryClient, ticketId: number, fresh: MessagesPage): void {
  for (const msg of fresh.messages) upsertMessage(qc, ticketId, msg);
}

/** Same instant: stored messages by id, local ones after them in the order they were made (-1, -2, ...). */
function sameTime(a: Message, b: Message): number {
  if (a.id < 0 && b.id < 0) return b.id - a.id;
  if (a.id < 0 || b.id < 0) return a.id < 0 ? 1 : -1;
  return a.id - b.id;
}

/** Removes a local copy that was never stored (a failed send the user discards). */
export function dropLocalMessage(qc: QueryClient, ticketId: number, clientId: string): void {
  qc.setQueryData<MessagePages>(messageKeys.page(ticketId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.filter((m) => !(m.id < 0 && m.clientId === clientId)),
          })),
        }
      : data,
  );
}

/** The conversation oldest first, each message once (newer copies win). */
export function flattenMessages(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  const byId = new Map<number | string, Message>();
  for (let i = data.pages.length - 1; i >= 0; i--) {
    for (const m of data.pages[i]!.messages) byId.set(m.clientId && m.id < 0 ? m.clientId : m.id, m);
  }
  const list = [...byId.values()];
  // Local messages that the server has answered appear under their real id; drop the local copy.
  const answered = new Set(list.filter((m) => m.id > 0 && m.clientId).map((m) => m.clientId));
  return list
    .filter((m) => !(m.id < 0 && answered.has(m.clientId)))
    .sort((a, b) => (a.createdAt === b.createdAt ? sameTime(a, b) : a.createdAt < b.createdAt ? -1 : 1));
}
