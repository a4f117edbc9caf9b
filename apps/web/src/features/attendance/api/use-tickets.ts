import type { Ticket, TicketCounts } from '@prosa/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/client';
import { cachedTicket } from './ticket-cache';
import { tabQuery, ticketKeys, type ListKeyParams, type TicketList } from './ticket-keys';

/** One tab of the ticket list, page by page (the page size is the tenant's setting). */
export function useTicketList(params: ListKeyParams) {
  const { tab, search, filter } = params;
  return useInfiniteQuery({
    queryKey: ticketKeys.list(params),
    queryFn: ({ pageParam }) =>
      http.get<TicketList>('/tickets', {
        query: {
          ...tabQuery(tab),
          searchParam: search,
          pageNumber: pageParam,
          showAll: filter.showAll,
          queuesIds: filter.queuesIds.join(','),
          tagsIds: filter.tagsIds.join(','),
          withUnreadMessages: filter.withUnreadMessages,
          isNotAssignedUser: filter.isNotAssignedUser,
          includeNotQueueDefined: filter.includeNotQueueDefined,
        },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    // Pushed changes replace one ticket object and keep the others (memoized rows skip); structural
    // sharing compares rows by position and would hand shifted rows new objects.
    structuralSharing: false,
    // Kept current by socket events; a reconnect invalidates it.
    staleTime: 5 * 60_000,
  });
}

export function useTicketCounts() {
  return useQuery({
    queryKey: ticketKeys.counts,
    queryFn: () => http.get<TicketCounts>('/user/counttickets'),
    staleTime: 60_000,
  });
}

/**
 * One ticket as the server sees it for this user. Opening it is logged ('access'), so it is read
 * once per visit of the chat and then kept current by socket events; the list's copy shows meanwhile.
 */
export function useTicket(id: number) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: () => http.get<Ticket>(`/tickets/${id}`),
    placeholderData: () => cachedTicket(qc, id),
    staleTime: Infinity,
    // Each visit of the chat reads it again (and is logged); other readers get it by props.
    refetchOnMount: 'always',
    enabled: Number.isInteger(id) && id > 0,
  });
}
