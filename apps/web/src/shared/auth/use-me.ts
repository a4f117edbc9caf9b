import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../api/client';
import type { Me } from '../api/types';
import { getSession, updateSession } from './session';

export const ME_QUERY_KEY = ['auth', 'me'] as const;

/** The signed-in user as the server knows it now; the stored session follows it. */
export function useMe() {
  const query = useQuery({ queryKey: ME_QUERY_KEY, queryFn: () => http.get<Me>('/auth/me'), staleTime: 60_000 });
  const me = query.data;
  useEffect(() => {
    if (!me || !getSession()) return;
    updateSession({
      username: me.username,
      profile: me.profile,
      email: me.email,
      queues: me.queues,
      configs: me.configs,
    });
  }, [me]);
  return query;
}
