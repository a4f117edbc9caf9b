import type { ZNote, ZTicketLog } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/api-error';
import { http } from '../../../shared/api/client';
import { ticketKeys } from './ticket-keys';

export type TicketLog = z.infer<typeof ZTicketLog>;
export type Note = z.infer<typeof ZNote>;

export function useTicketLogs(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.logs(ticketId),
    queryFn: () => http.get<TicketLog[]>(`/tickets/${ticketId}/logs`),
  });
}

export function useTicketNotes(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.notes(ticketId),
    queryFn: () => http.get<Note[]>(`/tickets/${ticketId}/notes`),
  });
}

export function useAddNote(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => http.post<Note>(`/tickets/${ticketId}/notes`, { body }),
    onSuccess: (note) => qc.setQueryData<Note[]>(ticketKeys.notes(ticketId), (list) => [...(list ?? []), note]),
  });
}

/**
 * A scheduled message as GET /schedule answers it. The contracts package has no schema for it
 * yet, so only the fields this list shows are read, under the names of the schedules table and of
 * SPEC §3 (message, date, repetition, status).
 */
export interface ScheduleItem {
  id: number;
  contactId: number | null;
  body: string;
  sendAt: string | null;
  status: string;
  repeatCount: number;
}

function readSchedule(raw: unknown): ScheduleItem | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const str = (...keys: string[]) => keys.map((k) => r[k]).find((v): v is string => typeof v === 'string') ?? null;
  const contact = r.contact as Record<string, unknown> | undefined;
  const contactId = typeof r.contactId === 'number' ? r.contactId : typeof contact?.id === 'number' ? contact.id : null;
  if (typeof r.id !== 'number') return null;
  return {
    id: r.id,
    contactId,
    body: str('body', 'message') ?? '',
    sendAt: str('sendAt', 'scheduleDate', 'date'),
    status: str('status') ?? 'pending',
    repeatCount: typeof r.repeatCount === 'number' ? r.repeatCount : 0,
  };
}

/** The contact's scheduled messages (list only). A server without the route answers "unavailable". */
export function useContactSchedules(contactId: number) {
  return useQuery({
    queryKey: ['schedules', { contactId }],
    queryFn: async (): Promise<ScheduleItem[] | 'unavailable'> => {
      try {
        const res = await http.get<unknown>('/schedule', { query: { contactId } });
        const list = Array.isArray(res)
          ? res
          : ((res as { schedules?: unknown[]; data?: unknown[] } | undefined)?.schedules ??
            (res as { data?: unknown[] } | undefined)?.data ??
            []);
        return list.map(readSchedule).filter((s): s is ScheduleItem => !!s && s.contactId === contactId);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return 'unavailable';
        throw err;
      }
    },
    retry: false,
  });
}
