import type { BusinessHourDay } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';
import type { BusinessHoursResponse } from '../../shared/api/types';

const KEY = ['tenant', 'business-hours'] as const;

export function useBusinessHours() {
  return useQuery({ queryKey: KEY, queryFn: () => http.get<BusinessHoursResponse>('/tenants/business-hours/') });
}

function useTenantPut<T>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => http.put(path, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export const useSaveBusinessHours = () => useTenantPut<BusinessHourDay[]>('/tenants/business-hours/');
export const useSaveAbsenceMessage = () =>
  useTenantPut<{ messageBusinessHours: string }>('/tenants/message-business-hours/');
export const useSaveTimezone = () => useTenantPut<{ timezone: string }>('/tenants/timezone/');

/** The seven days in order, whatever the server sent; a missing day starts open all day. */
export function normalizeDays(days: BusinessHourDay[]): BusinessHourDay[] {
  return [0, 1, 2, 3, 4, 5, 6].map(
    (day) =>
      days.find((d) => d.day === day) ?? { day, type: 'O', hr1: '08:00', hr2: '12:00', hr3: '13:00', hr4: '18:00' },
  );
}
