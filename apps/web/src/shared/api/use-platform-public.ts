import { useQuery } from '@tanstack/react-query';
import { http } from './client';
import type { PlatformPublic } from './types';

export const PLATFORM_PUBLIC_QUERY_KEY = ['platform', 'public'] as const;

/** What anyone may know about the platform: whether sign-up is open and the notice banner. */
export function usePlatformPublic() {
  return useQuery({
    queryKey: PLATFORM_PUBLIC_QUERY_KEY,
    queryFn: () => http.get<PlatformPublic>('/platform/public'),
    staleTime: 5 * 60_000,
  });
}
