import type { Ticket } from '@prosa/contracts';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../shared/auth/session';
import { applyTicketToLists, belongsTo } from './ticket-cache';
import { ticketKeys, type DeskFilter, type ListKeyParams, type TicketList } from './ticket-keys';

const session: Session = {
  token: 't',
  username: 'Diego',
  profile: 'user',
  userId: 7,
  tenantId: 2,
  queues: [{ id: 1, name: 'Vendas', color: '#0a0' }],
  email: 'd@x',
  configs: { isDark: false, filtrosAtendimento: {} },
};
const filter: DeskFilter = {
  queuesIds: [],
  tagsIds: [],
  showAll: false,
  withUnreadMessages: false,
  isNotAssignedUser: false,
  includeNotQueueDefined: true,
};
const NOTHING = {
  accept: false,
  reply: false,
  close: false,
  reopen: false,
  returnToQueue: false,
  transfer: false,
  delete: false,
  read: false,
  markPrivate: false,
};

function ticket(id: number, patch: Partial<Ticket> = {}): Ticket {
  const at = new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString();
  return {
    id,
    protocol: `P${id}`,
    status: 'pending',
    queueId: 1,
    userId: null,
    whatsappId: 1,
    chatFlowId: null,
    isGroup: false,
    contactId: id,
    contact: { id, name: `C${id}`, number: '', profilePicUrl: '', tags: [], wallets: [], extraInfo: [] },
    queue: { id: 1, name: 'Vendas', color: '#0a0' },
    user: null,
    channel: { id: 1, name: 'Site', type: 'webchat' },
    unreadMessages: 1,
    scheduledMessages: 0,
    lastMessage: 'oi',
    lastMessageAt: at,
    answered: false,
    chatbot: false,
    startedAttendanceAt: null,
    closedAt: null,
    isPrivate: false,
    integration: null,
    createdAt: at,
    updatedAt: at,
    can: { ...NOTHING, accept: true },
    messageActions: { react: false, reactionEmojis: null, edit: false, delete: true },
    ...patch,
  };
}

/** As useTicketList configures its queries. */
function client(): QueryClient {
  const qc = new QueryClient();
  qc.setQueryDefaults(ticketKeys.lists, { structuralSharing: false });
  return qc;
}

function seed(qc: QueryClient, params: ListKeyParams, pages: Ticket[][], hasMore = false) {
  const data: InfiniteData<TicketList> = {
    pages: pages.map((tickets, i) => ({
      tickets,
      count: pages.flat().length,
      hasMore: i < pages.length - 1 || hasMore,
    })),
    pageParams: pages.map((_p, i) => i + 1),
  };
  qc.setQueryData(ticketKeys.list(params), data);
}
const ids = (qc: QueryClient, params: ListKeyParams) =>
  qc.getQueryData<InfiniteData<TicketList>>(ticketKeys.list(params))!.pages.flatMap((p) => p.tickets.map((t) => t.id));

describe('pushed tickets in the cached lists', () => {
  const pending: ListKeyParams = { tab: 'pending', search: '', filter };
  const open: ListKeyParams = { tab: 'open', search: '', filter };

  it('a new pending ticket goes to the top of Pending, not to Open', () => {
    const qc = client();
    seed(qc, pending, [[ticket(3), ticket(2)]]);
    seed(qc, open, [[]]);
    applyTicketToLists(qc, ticket(9), 'create', session);
    expect(ids(qc, pending)).toEqual([9, 3, 2]);
    expect(ids(qc, open)).toEqual([]);
  });

  it('a list whose first read is under way is read again after it (its answer may predate the ticket)', async () => {
    const qc = client();
    let answer!: (v: InfiniteData<TicketList>) => void;
    const read = qc.fetchQuery({ queryKey: ticketKeys.list(pending), queryFn: () => new Promise<InfiniteData<TicketList>>((r) => (answer = r)) });
    seed(qc, open, [[]]);
    const reread = applyTicketToLists(qc, ticket(9), 'create', session);
    expect(reread).toEqual([ticketKeys.list(pending)]);
    answer({ pages: [{ tickets: [], count: 0, hasMore: false }], pageParams: [1] });
    // A list at rest is patched in place, not read again.
    await read;
    expect(applyTicketToLists(qc, ticket(10), 'create', session)).toEqual([]);
  });

  it('accepting moves it from Pending to Open and keeps the other rows as they were', () => {
    const qc = client();
    const two = ticket(2);
    seed(qc, pending, [[ticket(3), two]]);
    seed(qc, open, [[ticket(1, { status: 'open', userId: 7 })]]);
    applyTicketToLists(qc, ticket(3, { status: 'open', userId: 7 }), 'update', session);
    expect(ids(qc, pending)).toEqual([2]);
    expect(ids(qc, open)).toEqual([3, 1]);
    const kept = qc.getQueryData<InfiniteData<TicketList>>(ticketKeys.list(pending))!.pages[0]!.tickets[0];
    expect(kept).toBe(two);
  });

  it('a row leaving a list that has more pages asks for that list to be read again', () => {
    const qc = client();
    seed(qc, pending, [[ticket(3), ticket(2)]], true);
    const shifted = applyTicketToLists(qc, ticket(3, { status: 'closed' }), 'update', session);
    expect(shifted).toEqual([ticketKeys.list(pending)]);
  });

  it('a searched list is updated in place but never receives new rows', () => {
    const qc = client();
    const searched = { ...pending, search: 'maria' };
    seed(qc, searched, [[ticket(2)]]);
    applyTicketToLists(qc, ticket(9), 'create', session);
    expect(ids(qc, searched)).toEqual([2]);
  });

  it('delete removes it everywhere', () => {
    const qc = client();
    seed(qc, pending, [[ticket(3), ticket(2)]]);
    applyTicketToLists(qc, ticket(3), 'delete', session);
    expect(ids(qc, pending)).toEqual([2]);
  });
});

describe('belongsTo: the list filter applied to a pushed ticket', () => {
  const p = (f: Partial<DeskFilter>, tab: ListKeyParams['tab'] = 'pending'): ListKeyParams => ({
    tab,
    search: '',
    filter: { ...filter, ...f },
  });
  it('follows the tab, the unread, unassigned, queue and tag fields', () => {
    expect(belongsTo(ticket(1), p({}), session)).toBe(true);
    expect(belongsTo(ticket(1, { chatbot: true }), p({}), session)).toBe(false);
    expect(belongsTo(ticket(1, { chatbot: true }), p({}, 'chatbot'), session)).toBe(true);
    expect(belongsTo(ticket(1, { unreadMessages: 0 }), p({ withUnreadMessages: true }), session)).toBe(false);
    expect(belongsTo(ticket(1, { userId: 3 }), p({ isNotAssignedUser: true }), session)).toBe(false);
    expect(belongsTo(ticket(1, { queueId: null, queue: null }), p({ includeNotQueueDefined: false }), session)).toBe(
      false,
    );
    expect(belongsTo(ticket(1), p({ queuesIds: [5] }), session)).toBe(false);
    expect(belongsTo(ticket(1), p({ tagsIds: [4] }), session)).toBe(false);
  });
  it('without "show all" keeps to the user\'s queues and own tickets', () => {
    const other = ticket(1, { queueId: 2, queue: { id: 2, name: 'Financeiro', color: '#f00' } });
    expect(belongsTo(other, p({}), session)).toBe(false);
    expect(belongsTo(other, p({ showAll: true }), session)).toBe(true);
    expect(belongsTo({ ...other, userId: 7 }, p({}), session)).toBe(true);
  });
});
