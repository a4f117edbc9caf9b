import type { ZNote, ZTicketLog } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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
