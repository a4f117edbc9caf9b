import type { ChannelWebhookDelivery, ChannelWebhookDeliveryList } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

export const deliveryKeys = {
  channel: (channelId: number) => ['webhook-deliveries', channelId] as const,
  page: (channelId: number, page: number) => ['webhook-deliveries', channelId, page] as const,
};
/** While a delivery on screen waits for its next attempt (a job), the page is read again this often. */
export const PENDING_POLL_MS = 3_000;

/** One page of a channel's outbound webhook deliveries, newest first (admins). */
export function useWebhookDeliveries(channelId: number, page: number) {
  return useQuery({
    queryKey: deliveryKeys.page(channelId, page),
    queryFn: () =>
      http.get<ChannelWebhookDeliveryList>(`/channels/${channelId}/webhook-deliveries`, {
        query: { pageNumber: page },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? PENDING_POLL_MS : false,
  });
}

/** A `ping` recorded and attempted at once; the list is read again to show it. */
export function useWebhookTest(channelId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<ChannelWebhookDelivery>(`/channels/${channelId}/webhook-test`),
    onSettled: () => void qc.invalidateQueries({ queryKey: deliveryKeys.channel(channelId) }),
  });
}
