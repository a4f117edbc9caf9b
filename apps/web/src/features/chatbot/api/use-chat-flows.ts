import type { ChatFlow, ChatFlowInput, ChatFlowList, ChatFlowTransferOption, FlowGraph } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../shared/api/client';
import { connectSocket } from '../../../shared/realtime/socket';

export const flowKeys = {
  all: ['chat-flows'] as const,
  list: (search = '') => [...flowKeys.all, 'list', search] as const,
  transfer: () => [...flowKeys.all, 'transfer'] as const,
  one: (id: number) => [...flowKeys.all, 'one', id] as const,
};

/** A list answer as an array, whether the server sends it bare or under a name. */
export function listOf<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const inner = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return Array.isArray(inner) ? (inner as T[]) : [];
}

/** GET /chat-flow: the flows without their graphs, searched by name on the server. */
export function useChatFlows(search = '', enabled = true) {
  return useQuery({
    enabled,
    queryKey: flowKeys.list(search),
    queryFn: () => http.get<ChatFlowList>('/chat-flow', { query: { searchParam: search, pageSize: 200 } }),
    select: (res) => res.chatFlows,
    placeholderData: (prev) => prev,
  });
}

/** GET /chat-flow/transfer: active flows available for transfer (every profile may read it). */
export function useTransferFlows(enabled: boolean) {
  return useQuery({
    queryKey: flowKeys.transfer(),
    queryFn: () => http.get<ChatFlowTransferOption[]>('/chat-flow/transfer'),
    enabled,
  });
}

export function useChatFlow(id: number) {
  return useQuery({ queryKey: flowKeys.one(id), queryFn: () => http.get<ChatFlow>(`/chat-flow/${id}`), enabled: id > 0 });
}

export function useCreateChatFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: ChatFlowInput) => http.post<ChatFlow>('/chat-flow', values),
    onSuccess: () => void qc.invalidateQueries({ queryKey: flowKeys.all }),
  });
}

/** PUT /chat-flow/{id} with some fields: the list's switch, the builder's autosave. */
export function useUpdateChatFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: Partial<ChatFlowInput> & { flow?: FlowGraph } }) =>
      http.put<ChatFlow>(`/chat-flow/${id}`, values),
    onSuccess: (saved) => {
      qc.setQueryData(flowKeys.one(saved.id), saved);
      void qc.invalidateQueries({ queryKey: [...flowKeys.all, 'list'] });
      void qc.invalidateQueries({ queryKey: flowKeys.transfer() });
    },
  });
}

export function useDeleteChatFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/chat-flow/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: flowKeys.all }),
  });
}

export function useDuplicateChatFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<ChatFlow>(`/chat-flow/${id}/duplicate`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: flowKeys.all }),
  });
}

/** The export shape (DOMAIN.md) as the server writes it, to save as a .json file. */
export function exportChatFlow(id: number): Promise<unknown> {
  return http.get<unknown>(`/chat-flow/${id}/export`);
}

export function useImportChatFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => http.post<ChatFlow>('/chat-flow/import', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: flowKeys.all }),
  });
}

/**
 * `chatFlow` (another admin created, changed or deleted a flow): the lists and the transfer
 * options are read again; after a reconnect too, to catch up on what was missed.
 */
export function useChatFlowEvents(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: [...flowKeys.all, 'list'] });
      void qc.invalidateQueries({ queryKey: flowKeys.transfer() });
    };
    socket.on('chatFlow', refresh);
    socket.io.on('reconnect', refresh);
    return () => {
      socket.off('chatFlow', refresh);
      socket.io.off('reconnect', refresh);
    };
  }, [qc]);
}
