import type { CreateUser, UpdateUser, User } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';
import { ME_QUERY_KEY } from '../../shared/auth/use-me';

export const USERS_PAGE_SIZE = 40;
export interface UserList {
  users: User[];
  count: number;
  hasMore: boolean;
}

export function useUsers(searchParam: string, pageNumber: number, teamId: number | null = null) {
  return useQuery({
    queryKey: ['users', { searchParam, pageNumber, teamId }],
    queryFn: () => http.get<UserList>('/users/', { query: { searchParam, pageNumber, teamId: teamId ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: CreateUser | UpdateUser }) =>
      id ? http.put<User>(`/users/${id}`, values) : http.post<User>('/users', values),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['users'] });
      void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
      // The lines a user may call from (their own, when editing themselves) follow at once.
      void qc.invalidateQueries({ queryKey: ['calls'] });
    },
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/users/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['users'] }),
  });
}
