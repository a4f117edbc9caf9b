import type { Integration, IntegrationInput, IntegrationTestResult } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

export const INTEGRATIONS_KEY = ['queueIntegration'] as const;

/** The company's queue integrations (admins only: GET /queueIntegration). */
export function useIntegrations(enabled = true) {
  return useQuery({ queryKey: INTEGRATIONS_KEY, queryFn: () => http.get<Integration[]>('/queueIntegration'), enabled, staleTime: 30_000 });
}

export function useSaveIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: IntegrationInput }) =>
      id ? http.put<Integration>(`/queueIntegration/${id}`, values) : http.post<Integration>('/queueIntegration', values),
    onSuccess: () => void qc.invalidateQueries({ queryKey: INTEGRATIONS_KEY }),
  });
}

export function useDeleteIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/queueIntegration/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: INTEGRATIONS_KEY }),
  });
}

/** One real call to the provider; its answer is shown as is. */
export function useTestIntegration() {
  return useMutation({ mutationFn: (id: number) => http.post<IntegrationTestResult>(`/queueIntegration/${id}/test`, {}) });
}
