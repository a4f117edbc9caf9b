import type { KanbanCard, KanbanList, KanbanMove, Lane, LaneBoard, LaneInput } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';

/** Every board query starts with this key: a `lane` or `contact` socket event refreshes them. */
export const KANBAN_KEY = ['kanban'] as const;
export const LANE_PAGE_SIZE = 20;

/** The lanes the user sees, in order, and whether it may manage them (the server decides). */
export function useLanes(enabled = true) {
  return useQuery({
    queryKey: [...KANBAN_KEY, 'lanes'],
    queryFn: () => http.get<LaneBoard>('/kanban'),
    enabled,
  });
}

/**
 * The board: the first page of each lane with its totals, then per lane the pages a "load more"
 * asked for (`pages` per lane id), merged in order.
 */
export function useBoard(searchParam: string) {
  return useQuery({
    queryKey: [...KANBAN_KEY, 'board', searchParam],
    queryFn: () => http.post<KanbanList>('/kanban/list/', { searchParam, pageSize: LANE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function fetchLanePage(laneId: number, searchParam: string, pageNumber: number) {
  return http.post<KanbanList>('/kanban/list/', { laneId, searchParam, pageNumber, pageSize: LANE_PAGE_SIZE });
}

export function useSaveLane() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: LaneInput }) =>
      id ? http.put<Lane>(`/kanban/${id}`, values) : http.post<Lane>('/kanban', values),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KANBAN_KEY }),
  });
}

export function useDeleteLane() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/kanban/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KANBAN_KEY }),
  });
}

export function useReorderLanes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => http.put<Lane[]>('/kanban/order', { ids }),
    onSettled: () => void qc.invalidateQueries({ queryKey: KANBAN_KEY }),
  });
}

export function useMoveCard() {
  return useMutation({
    mutationFn: ({ contactId, move }: { contactId: number; move: KanbanMove }) =>
      http.put<KanbanCard>(`/kanban/contact/${contactId}`, move),
  });
}
