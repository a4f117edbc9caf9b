import type { QueueInput } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';
import { ME_QUERY_KEY } from '../../shared/auth/use-me';
import type { ColorItem, ColorItemResource } from './color-item-resource';

export function useColorItems(res: ColorItemResource) {
  return useQuery({ queryKey: res.queryKey, queryFn: () => http.get<ColorItem[]>(res.path) });
}

export function useSaveColorItem(res: ColorItemResource) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: QueueInput }) =>
      id ? http.put<ColorItem>(`${res.path}/${id}`, values) : http.post<ColorItem>(res.path, values),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: res.queryKey });
      // The signed-in user's queue chips show names and colours.
      void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export function useDeleteColorItem(res: ColorItemResource) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`${res.path}/${id}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: res.queryKey });
      void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
