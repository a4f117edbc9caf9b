import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';
import type { PlatformSettings } from '../../shared/api/types';
import { PLATFORM_PUBLIC_QUERY_KEY } from '../../shared/api/use-platform-public';

const KEY = ['admin', 'settings'] as const;

export function usePlatformSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => http.get<PlatformSettings>('/admin/settings') });
}

export function useSavePlatformSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<PlatformSettings>) => http.put<PlatformSettings>('/admin/settings', patch),
    onSuccess: (saved) => {
      if (saved && typeof saved === 'object') qc.setQueryData(KEY, saved);
      void qc.invalidateQueries({ queryKey: KEY });
      void qc.invalidateQueries({ queryKey: PLATFORM_PUBLIC_QUERY_KEY });
    },
  });
}

/** Booleans travel as strings; answer in the vocabulary the value already uses. */
export function isOn(value: string | undefined): boolean {
  return value === 'true' || value === 'enabled' || value === '1';
}
export function toFlag(on: boolean, previous: string | undefined): string {
  if (previous === 'enabled' || previous === 'disabled') return on ? 'enabled' : 'disabled';
  return on ? 'true' : 'false';
}
