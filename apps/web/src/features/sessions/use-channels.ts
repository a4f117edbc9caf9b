import type { Channel, ChannelEvent, ChannelSessionEvent, ContactSyncResult } from '@prosa/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../shared/api/client';
import { TENANT_PLAN_QUERY_KEY } from '../../shared/api/tenant-queries';
import { connectSocket } from '../../shared/realtime/socket';
import { contactKeys } from '../contacts/use-contacts';
import { applySessionEvent, CHANNELS_KEY, removeChannel, upsertChannel } from './channel-cache';
import type { ChannelPayload } from './channel-form';

export function useChannels() {
  return useQuery({ queryKey: CHANNELS_KEY, queryFn: () => http.get<Channel[]>('/channels') });
}

export function useSaveChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: ChannelPayload }) =>
      id ? http.put<Channel>(`/channels/${id}`, values) : http.post<Channel>('/channels', values),
    onSuccess: (channel) => {
      upsertChannel(qc, channel);
      void qc.invalidateQueries({ queryKey: TENANT_PLAN_QUERY_KEY });
    },
  });
}

export function useDeleteChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/channels/${id}`),
    onSuccess: (_res, id) => {
      removeChannel(qc, id);
      void qc.invalidateQueries({ queryKey: TENANT_PLAN_QUERY_KEY });
    },
  });
}

export type SessionAction = 'connect' | 'restart' | 'disconnect';

/** Connect (POST), restart (PUT) or disconnect with logout (DELETE) the channel's session. */
export function useSessionAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SessionAction }) => {
      const path = `/channels/${id}/session`;
      if (action === 'connect') return http.post<Channel>(path);
      if (action === 'restart') return http.put<Channel>(path);
      return http.delete<Channel>(path);
    },
    onSuccess: (channel) => upsertChannel(qc, channel),
    // A failed connection changed the status too (DISCONNECTED): read it again.
    onError: () => void qc.invalidateQueries({ queryKey: CHANNELS_KEY }),
  });
}

/** WhatsApp Web: the account's address book can become contacts while the session is up. */
export function canSyncContacts(channel: Pick<Channel, 'type' | 'status'>): boolean {
  return channel.type === 'whatsapp' && channel.status === 'CONNECTED';
}

/** After a sync, /contatos (list and open details) reads again. */
export function afterContactsSync(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: contactKeys.all });
}

/** Admins (/sessoes): POST /contacts/sync, the people a WhatsApp Web account knows become contacts. */
export function useSyncContacts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (channelId: number) => http.post<ContactSyncResult>('/contacts/sync', { channelId }),
    onSuccess: () => void afterContactsSync(qc),
  });
}

/**
 * Live status: `channel:session` patches the cached channel (status, QR code, retries, number);
 * `channel` (created, changed, deleted by another admin) reads the list again. After a reconnect
 * the list is read again to catch up on what was missed.
 */
export function useChannelEvents(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    const onSession = (e: ChannelSessionEvent) => e?.id && applySessionEvent(qc, e);
    const onChannel = (e: ChannelEvent) => {
      if (e?.action === 'delete') removeChannel(qc, e.channel.id);
      else void qc.invalidateQueries({ queryKey: CHANNELS_KEY });
      void qc.invalidateQueries({ queryKey: TENANT_PLAN_QUERY_KEY });
    };
    const onReconnect = () => void qc.invalidateQueries({ queryKey: CHANNELS_KEY });
    socket.on('channel:session', onSession);
    socket.on('channel', onChannel);
    socket.io.on('reconnect', onReconnect);
    return () => {
      socket.off('channel:session', onSession);
      socket.off('channel', onChannel);
      socket.io.off('reconnect', onReconnect);
    };
  }, [qc]);
}
