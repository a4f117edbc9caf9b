import type { Ticket, ZTicketList } from '@prosa/contracts';
import type { z } from 'zod';

export type TicketList = z.infer<typeof ZTicketList>;

/** The tabs of the service screen (SPEC §2); counts come from GET /user/counttickets. */
export const TABS = ['open', 'pending', 'closed', 'chatbot', 'groups'] as const;
export type Tab = (typeof TABS)[number];
export const isTab = (v: unknown): v is Tab => typeof v === 'string' && (TABS as readonly string[]).includes(v);

/** The filter fields of the list that the user keeps in configs.filtrosAtendimento (SPEC §3). */
export interface DeskFilter {
  queuesIds: number[];
  tagsIds: number[];
  showAll: boolean;
  withUnreadMessages: boolean;
  isNotAssignedUser: boolean;
  includeNotQueueDefined: boolean;
}

export interface ListKeyParams {
  tab: Tab;
  search: string;
  filter: DeskFilter;
}

/**
 * What each tab asks the server. Pending leaves out tickets with the chatbot, which have a tab of
 * their own: the same split as the counts.
 */
export function tabQuery(tab: Tab): Record<string, string | boolean> {
  switch (tab) {
    case 'open':
      return { status: 'open' };
    case 'pending':
      return { status: 'pending', chatbot: false };
    case 'closed':
      return { status: 'closed' };
    case 'chatbot':
      return { status: 'open,pending', chatbot: true };
    case 'groups':
      return { status: 'open,pending', isGroup: true };
  }
}

/** Whether a ticket belongs to a tab by its own fields (used to place pushed tickets). */
export function inTab(ticket: Ticket, tab: Tab): boolean {
  switch (tab) {
    case 'open':
      return ticket.status === 'open';
    case 'pending':
      return ticket.status === 'pending' && !ticket.chatbot;
    case 'closed':
      return ticket.status === 'closed';
    case 'chatbot':
      return ticket.status !== 'closed' && ticket.chatbot;
    case 'groups':
      return ticket.status !== 'closed' && ticket.isGroup;
  }
}

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: ['tickets', 'list'] as const,
  list: (p: ListKeyParams) => ['tickets', 'list', p] as const,
  counts: ['tickets', 'counts'] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
  logs: (id: number) => ['tickets', 'logs', id] as const,
  notes: (id: number) => ['tickets', 'notes', id] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  page: (ticketId: number) => ['messages', ticketId] as const,
  window: (ticketId: number) => ['messages', 'window', ticketId] as const,
};

/** The named route "chat" (SPEC §2): params ticketId and pageNumber, query t (a timestamp). */
export function chatPath(ticketId: number, opts: { pageNumber?: number; t?: number } = {}): string {
  const q = new URLSearchParams();
  if (opts.pageNumber && opts.pageNumber > 1) q.set('pageNumber', String(opts.pageNumber));
  if (opts.t) q.set('t', String(opts.t));
  const qs = q.toString();
  return `/atendimento/${ticketId}${qs ? `?${qs}` : ''}`;
}
