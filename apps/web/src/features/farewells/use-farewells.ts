import type { FarewellMessage, FarewellMessageInput, FarewellMessagesPage } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

const KEY = ['farewellMessages'] as const;
/** The server's page size (GET /farewellMessages). */
export const FAREWELLS_PAGE_SIZE = 20;

/** The /despedida list: a page of the farewells the user may see, searched. */
export function useFarewellPage(searchParam: string, pageNumber: number) {
  return useQuery({
    queryKey: [...KEY, 'page', searchParam, pageNumber],
    queryFn: () => http.get<FarewellMessagesPage>('/farewellMessages', { query: { searchParam, pageNumber } }),
    placeholderData: keepPreviousData,
  });
}

/** Every farewell the user may pick (the close dialog). */
export function useAllFarewells(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'all'],
    queryFn: () => http.get<FarewellMessage[]>('/farewellMessages/all'),
    enabled,
  });
}

export function useSaveFarewell() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: FarewellMessageInput }) =>
      id
        ? http.put<FarewellMessage>(`/farewellMessages/${id}`, values)
        : http.post<FarewellMessage>('/farewellMessages', values),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteFarewell() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/farewellMessages/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}
