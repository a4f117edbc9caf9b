import type { ZWindow } from '@prosa/contracts';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/api/client';
import type { MessagePages, MessagesPage } from './message-cache';
import { messageKeys } from './ticket-keys';

export type ChannelWindow = z.infer<typeof ZWindow>;

export const fetchMessagesPage = (ticketId: number, pageNumber: number) =>
  http.get<MessagesPage>(`/messages/${ticketId}`, { query: { pageNumber } });

/**
 * The conversation, newest page first (page 1 = the newest messages); older pages load upward.
 * Reading page 1 marks the ticket read on the server. Kept current by socket events. Not asked
 * while the server says the viewer may not read them (`can.read`: a pending ticket without peek).
 */
export function useMessages(ticketId: number, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: messageKeys.page(ticketId),
    queryFn: ({ pageParam }) => fetchMessagesPage(ticketId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    staleTime: 5 * 60_000,
    // A new visit reads the newest page again (and so marks it read); see keepNewestPageOnly.
    refetchOnMount: 'always',
  });
}

/** The official API's 24-hour window (SPEC §5); other channels answer open. */
export function useChannelWindow(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.window(ticketId),
    queryFn: () => http.get<ChannelWindow>(`/messages/window/${ticketId}`),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** Before a new visit: forget older pages, so the visit reads one page, not every page seen before. */
export function keepNewestPageOnly(qc: QueryClient, ticketId: number): void {
  qc.setQueryData<MessagePages>(messageKeys.page(ticketId), (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}
