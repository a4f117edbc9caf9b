import type { Reseller, ResellerInput, ResellerToken, ResellerTokenCreated } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

const KEY = ['resellers'] as const;

export function useResellers() {
  return useQuery({ queryKey: KEY, queryFn: () => http.get<Reseller[]>('/admin/resellers') });
}

export function useSaveReseller() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: ResellerInput }) =>
      id ? http.put<Reseller>(`/admin/resellers/${id}`, values) : http.post<Reseller>('/admin/resellers', values),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteReseller() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/admin/resellers/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useResellerTokens(resellerId: number | null) {
  return useQuery({
    queryKey: [...KEY, resellerId, 'tokens'],
    queryFn: () => http.get<ResellerToken[]>(`/admin/resellers/${resellerId}/tokens`),
    enabled: resellerId !== null,
  });
}

/** A new token: the answer is the only time it is shown. */
export function useCreateResellerToken(resellerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<ResellerTokenCreated>(`/admin/resellers/${resellerId}/tokens`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeResellerToken(resellerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => http.delete<ResellerToken>(`/admin/resellers/${resellerId}/tokens/${tokenId}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}
