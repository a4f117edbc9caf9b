import type { UserDirectoryEntry } from '@prosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

/** Every user of the company (transfer targets, wallets): one page of up to 200, as agents see it. */
export function useAllUsers(enabled = true) {
  return useQuery({
    queryKey: ['users', 'all'],
    queryFn: () => http.get<{ users: UserDirectoryEntry[] }>('/users/', { query: { pageSize: 200 } }),
    select: (res) => res.users,
    enabled,
    staleTime: 60_000,
  });
}
