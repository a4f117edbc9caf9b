import type { Message, SendTemplate, WabaTemplate, ZWabaTemplateSync } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http, SEND_MESSAGE_TIMEOUT_MS } from '../../../shared/api/client';
import { upsertMessage } from './message-cache';

export const templateKeys = {
  all: ['waba-templates'] as const,
  list: (channelId: number) => ['waba-templates', channelId] as const,
};

/** The approved templates of a WhatsApp Cloud API channel (the server lists only those by default). */
export function useTemplates(channelId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: templateKeys.list(channelId ?? 0),
    queryFn: () => http.get<WabaTemplate[]>(`/channels/${channelId}/templates`),
    enabled: enabled && !!channelId,
    staleTime: 60_000,
  });
}

/** Admins (/sessoes): read a channel's templates again from its WhatsApp Business account. */
export function useSyncTemplates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (channelId: number) =>
      http.post<z.infer<typeof ZWabaTemplateSync>>(`/channels/${channelId}/templates/sync`),
    onSuccess: (_res, channelId) => void qc.invalidateQueries({ queryKey: templateKeys.list(channelId) }),
  });
}

/**
 * POST /messages/template/{ticketId}: the message is recorded (pending) and sent by the outbox;
 * the answer goes into the conversation at once, the socket events then bring its status.
 */
export function useSendTemplate(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendTemplate) =>
      http.post<Message>(`/messages/template/${ticketId}`, body, { timeoutMs: SEND_MESSAGE_TIMEOUT_MS }),
    onSuccess: (message) => upsertMessage(qc, ticketId, message),
  });
}
