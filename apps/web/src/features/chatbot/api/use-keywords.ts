import type { ChatFlowKeyword } from '@prosa/contracts';
import { ZChatFlowKeywordInput } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/api/client';
import { listOf } from './use-chat-flows';

export type KeywordInput = z.input<typeof ZChatFlowKeywordInput>;
const KEY = ['chat-flow-keywords'] as const;

export function useKeywords() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => listOf<ChatFlowKeyword>(await http.get<unknown>('/chat-flow-keywords'), 'keywords'),
  });
}

export function useSaveKeyword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: KeywordInput }) =>
      id ? http.put<ChatFlowKeyword>(`/chat-flow-keywords/${id}`, values) : http.post<ChatFlowKeyword>('/chat-flow-keywords', values),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteKeyword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/chat-flow-keywords/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}
