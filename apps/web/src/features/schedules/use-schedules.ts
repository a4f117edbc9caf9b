import type { ScheduleItem, ScheduleList, SchedulePeriod, ScheduleStatus } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/client';
import { uploadForm } from '../../shared/api/upload';

/** The filters of GET /schedule (ZScheduleFilter). */
export interface ScheduleFilter {
  pageNumber?: number;
  pageSize?: number;
  ticketId?: number;
  contactId?: number;
  status?: ScheduleStatus;
  repeatPeriod?: SchedulePeriod;
  from?: string;
  to?: string;
}

export const scheduleKeys = {
  all: ['schedules'] as const,
  list: (q: ScheduleFilter) => ['schedules', 'list', q] as const,
};

/** GET /schedule with its filters (status, period, contact, ticket, dates). */
export function useScheduleList(q: ScheduleFilter, enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.list(q),
    queryFn: () => http.get<ScheduleList>('/schedule', { query: { ...q } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** What the form sends: the fields, the picked file, and whether to drop the stored one. */
export interface ScheduleSave {
  ticketId?: number;
  body: string;
  sendAt: string;
  repeatCount: number;
  repeatPeriod?: SchedulePeriod;
  file: File | null;
  removeFile?: boolean;
}

function toForm(v: ScheduleSave): FormData {
  const form = new FormData();
  if (v.ticketId) form.append('ticketId', String(v.ticketId));
  form.append('body', v.body);
  form.append('sendAt', v.sendAt);
  form.append('repeatCount', String(v.repeatCount));
  if (v.repeatPeriod) form.append('repeatPeriod', v.repeatPeriod);
  if (v.removeFile) form.append('removeFile', 'true');
  if (v.file) form.append('file', v.file, v.file.name);
  return form;
}

/** POST /schedule or PUT /schedule/{id}: JSON, or multipart when a file goes with it. */
export function useSaveSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: ScheduleSave }) => {
      const { file, ...fields } = values;
      const path = id ? `/schedule/${id}` : '/schedule';
      if (file) return uploadForm<ScheduleItem>(path, toForm(values), { method: id ? 'PUT' : 'POST' });
      const body = id ? { ...fields, ticketId: undefined } : fields;
      return id ? http.put<ScheduleItem>(path, body) : http.post<ScheduleItem>(path, body);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useDeleteSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ ok: true }>(`/schedule/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
