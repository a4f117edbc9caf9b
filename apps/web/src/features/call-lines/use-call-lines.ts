import type { CallLine, CallLineInput } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

export const CALL_LINES_KEY = ['callLines'] as const;

/** The company's call lines (admin). */
export function useCallLines(enabled = true) {
  return useQuery({
    queryKey: CALL_LINES_KEY,
    queryFn: async () => (await http.get<{ lines: CallLine[] }>('/callLines')).lines,
    enabled,
  });
}

export function useSaveCallLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: CallLineInput }) =>
      id ? http.put<CallLine>(`/callLines/${id}`, values) : http.post<CallLine>('/callLines', values),
    // The lines users may call from change with them.
    onSuccess: () => void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'callLines' || q.queryKey[0] === 'calls' }),
  });
}

export function useDeleteCallLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/callLines/${id}`),
    onSuccess: () => void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'callLines' || q.queryKey[0] === 'calls' }),
  });
}
