import type { Tenant, TenantCreate, TenantStatus, TenantUpdate, User } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DELETE_TENANT_TIMEOUT_MS, http } from '../../shared/api/client';
import type { UsersTotal } from '../../shared/api/types';

/** The operator's company administration (SPEC §7 /admin/...). */
const TENANTS_KEY = ['admin', 'tenants'] as const;

export function useTenants(status: TenantStatus) {
  return useQuery({
    queryKey: [...TENANTS_KEY, status],
    queryFn: () => http.get<Tenant[]>('/admin/tenants/', { query: { status } }),
  });
}

export function useUsersTotal() {
  return useQuery({ queryKey: ['admin', 'userstotal'], queryFn: () => http.get<UsersTotal>('/admin/userstotal') });
}

function useTenantMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: TENANTS_KEY });
      void qc.invalidateQueries({ queryKey: ['admin', 'userstotal'] });
    },
  });
}

export const useSaveTenant = () =>
  useTenantMutation(({ id, values }: { id?: number; values: TenantCreate | TenantUpdate }) =>
    id ? http.put<Tenant>(`/admin/empresa/${id}`, values) : http.post<Tenant>('/admin/tenants/', values),
  );
export const useToggleTenantStatus = () =>
  useTenantMutation((id: number) => http.put<Tenant>(`/admin/status/tenant/${id}`));
export const useAddTenantMonth = () =>
  useTenantMutation((id: number) => http.post<Tenant>(`/admin/tenantsMonth/${id}`));
export const useDeleteTenant = () =>
  useTenantMutation((id: number) =>
    http.delete(`/admin/tenants/${id}`, { timeoutMs: DELETE_TENANT_TIMEOUT_MS, loading: true }),
  );

export function useTenantUsers(tenantId: number | null) {
  return useQuery({
    queryKey: ['admin', 'users', tenantId],
    queryFn: () => http.get<User[]>(`/admin/users/${tenantId}`),
    enabled: tenantId !== null,
  });
}

export function useUpdateTenantUser(tenantId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, values }: { userId: number; values: Record<string, unknown> }) =>
      http.put<User>(`/admin/users/${userId}`, values),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin', 'users', tenantId] }),
  });
}
