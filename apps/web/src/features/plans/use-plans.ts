import type { Plan, PlanInput } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

const KEY = ['admin', 'plans'] as const;

export function usePlans() {
  return useQuery({ queryKey: KEY, queryFn: () => http.get<Plan[]>('/admin/plans') });
}

export function useSavePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: PlanInput }) =>
      id ? http.put<Plan>(`/admin/plans/${id}`, values) : http.post<Plan>('/admin/plans', values),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: KEY });
      void qc.invalidateQueries({ queryKey: ['plans', 'public'] });
    },
  });
}

export function useDeletePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/admin/plans/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}
