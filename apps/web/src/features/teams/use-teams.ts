import type { Team, TeamInput } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

export const TEAMS_KEY = ['teams'] as const;

/** The company's teams (admins only: GET /teams). */
export function useTeams(enabled = true) {
  return useQuery({ queryKey: TEAMS_KEY, queryFn: () => http.get<Team[]>('/teams'), enabled, staleTime: 30_000 });
}

function useInvalidateTeams() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: TEAMS_KEY });
    // The users list filters by team and the chat people list shows teams.
    void qc.invalidateQueries({ queryKey: ['users'] });
    void qc.invalidateQueries({ queryKey: ['ichat'] });
  };
}

export function useSaveTeam() {
  const done = useInvalidateTeams();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: TeamInput }) =>
      id ? http.put<Team>(`/teams/${id}`, values) : http.post<Team>('/teams', values),
    onSuccess: done,
  });
}

export function useDeleteTeam() {
  const done = useInvalidateTeams();
  return useMutation({ mutationFn: (id: number) => http.delete(`/teams/${id}`), onSuccess: done });
}

/** The users screen sets one user's teams. */
export function useSetUserTeams() {
  const done = useInvalidateTeams();
  return useMutation({
    mutationFn: ({ userId, teamIds }: { userId: number; teamIds: number[] }) =>
      http.put<{ teamIds: number[] }>(`/users/${userId}/teams`, { teamIds }),
    onSuccess: done,
  });
}
