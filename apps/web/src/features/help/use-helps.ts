import type { Help, HelpInput, HelpListPage } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

const KEY = ['helps'] as const;

/** /ajuda: a page of the articles matching the search. */
export function useHelpList(searchParam: string, pageNumber: number) {
  return useQuery({
    queryKey: [...KEY, 'list', searchParam, pageNumber],
    queryFn: () => http.get<HelpListPage>('/helps/list', { query: { searchParam, pageNumber } }),
    placeholderData: keepPreviousData,
  });
}

/** The operator's administration: every article. */
export function useHelps() {
  return useQuery({ queryKey: [...KEY, 'all'], queryFn: () => http.get<Help[]>('/helps') });
}

export function useSaveHelp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: HelpInput }) =>
      id ? http.put<Help>(`/helps/${id}`, values) : http.post<Help>('/helps', values),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteHelp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/helps/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}
