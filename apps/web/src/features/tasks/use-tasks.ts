import type { Task, TaskInput, TaskList, TaskPriority, TaskStatus } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';
import { useSession } from '../../shared/auth/use-session';

export const TASKS_PAGE_SIZE = 40;
/** Every task query starts with this key: a `task` socket event refreshes them all. */
export const TASKS_KEY = ['tasks'] as const;

export interface TaskFilters {
  searchParam?: string;
  ownerId?: number | null;
  priority?: TaskPriority | null;
  status?: TaskStatus | null;
}

function toQuery(f: TaskFilters, pageNumber: number, pageSize: number) {
  return {
    searchParam: f.searchParam ?? '',
    ownerId: f.ownerId ?? '',
    priority: f.priority ?? '',
    status: f.status ?? '',
    pageNumber,
    pageSize,
  };
}

export function useTasks(filters: TaskFilters, pageNumber: number, pageSize = TASKS_PAGE_SIZE) {
  return useQuery({
    queryKey: [...TASKS_KEY, 'list', filters, pageNumber, pageSize],
    queryFn: () => http.get<TaskList>('/tasks', { query: toQuery(filters, pageNumber, pageSize) }),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in user's own delayed tasks: the menu badge. */
export function useMyDelayedCount() {
  const session = useSession();
  const userId = session?.userId;
  return useQuery({
    queryKey: [...TASKS_KEY, 'delayed-count', userId],
    queryFn: () => http.get<TaskList>('/tasks', { query: toQuery({ ownerId: userId, status: 'delayed' }, 1, 1) }),
    select: (res) => res.count,
    enabled: !!userId,
    // A pending task turns delayed with the clock; the job's `task:delayed` event refreshes it
    // at once, this only catches what the socket missed while offline.
    refetchInterval: 5 * 60_000,
  });
}

/** The body PUT /tasks/{id} wants, from a task as listed. */
export function taskInput(task: Task, patch: Partial<TaskInput> = {}): TaskInput {
  return {
    name: task.name,
    description: task.description,
    limitDate: task.limitDate,
    ownerId: task.owner.id,
    priority: task.priority,
    status: task.status === 'finished' ? 'finished' : 'pending',
    ...patch,
  };
}

export function useSaveTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: TaskInput }) =>
      id ? http.put<Task>(`/tasks/${id}`, values) : http.post<Task>('/tasks', values),
    onSuccess: () => void qc.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/tasks/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}
