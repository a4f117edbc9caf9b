import { useQuery } from '@tanstack/react-query';
import { http } from './client';
import type { TenantDateResponse, TenantPlanResponse } from './types';

export const TENANT_DATE_QUERY_KEY = ['tenant', 'date'] as const;
export const TENANT_PLAN_QUERY_KEY = ['tenant', 'plan'] as const;
/** Read on every guarded navigation, so kept briefly. */
export const TENANT_DATE_STALE_MS = 60_000;

export const fetchTenantDate = () => http.get<TenantDateResponse>('/tenants/date/');

export function useTenantDate() {
  return useQuery({ queryKey: TENANT_DATE_QUERY_KEY, queryFn: fetchTenantDate, staleTime: TENANT_DATE_STALE_MS });
}

/** The operator's notice for this company, read after sign-in (GET /tenants/notice/). */
export function useTenantNotice(enabled: boolean) {
  return useQuery({
    queryKey: ['tenant', 'notice'],
    queryFn: () => http.get<{ notice: string }>('/tenants/notice/'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useTenantPlan(enabled = true) {
  return useQuery({ queryKey: TENANT_PLAN_QUERY_KEY, queryFn: () => http.get<TenantPlanResponse>('/tenants/plan/'), enabled });
}
