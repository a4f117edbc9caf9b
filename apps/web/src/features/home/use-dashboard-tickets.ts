import type { ZBulkTickets } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../shared/api/client';
import { ticketKeys, type TicketList } from '../attendance/api/ticket-keys';
import type { DashboardFilterState } from './dashboard-period';

const LIST_KEY = ['dashboard-tickets'] as const;

/**
 * One page of the open and pending tickets of the dashboard's queues and channels (GET /tickets,
 * every ticket the admin sees). With queues chosen, tickets without a queue are left out, as the
 * dashboard's figures leave them out.
 */
export function useDashboardTickets(filter: Pick<DashboardFilterState, 'queueIds' | 'channelIds'>, page: number) {
  const query = {
    status: 'open,pending',
    showAll: true,
    pageNumber: page,
    queuesIds: filter.queueIds.join(','),
    whatsappIds: filter.channelIds.join(','),
    includeNotQueueDefined: filter.queueIds.length === 0,
  };
  return useQuery({
    queryKey: [...LIST_KEY, query],
    queryFn: () => http.get<TicketList>('/tickets', { query }),
    placeholderData: keepPreviousData,
  });
}

/** POST /tickets/close-tickets or /tickets/del-tickets; the figures and the list are read again after. */
export function useBulkTickets(action: 'close' | 'delete') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.infer<typeof ZBulkTickets>) =>
      http.post<{ count: number }>(action === 'close' ? '/tickets/close-tickets' : '/tickets/del-tickets', body),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['dashboard'] }),
        qc.invalidateQueries({ queryKey: LIST_KEY }),
        // The service screen's lists and counts, if they were opened.
        qc.invalidateQueries({ queryKey: ticketKeys.all }),
      ]);
    },
  });
}
