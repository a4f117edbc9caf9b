import type { Ticket, UpdateTicket } from '@prosa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { http } from '../../../shared/api/client';
import { getSession } from '../../../shared/auth/session';
import { applyTicketToLists } from './ticket-cache';
import { chatPath, ticketKeys } from './ticket-keys';

/** After a change the server answers the ticket as this user now sees it: every cache takes it. */
function useApplyTicket() {
  const qc = useQueryClient();
  return (ticket: Ticket) => {
    qc.setQueryData(ticketKeys.detail(ticket.id), ticket);
    const session = getSession();
    if (session) applyTicketToLists(qc, ticket, 'update', session);
    void qc.invalidateQueries({ queryKey: ticketKeys.counts });
    void qc.invalidateQueries({ queryKey: ticketKeys.logs(ticket.id) });
  };
}

/**
 * PUT /tickets/:id with the bodies SPEC §4 names: {status:'open'} accepts (or reopens a closed
 * one), {status:'pending'} returns to the queue, {status:'closed', farewellMessage?} closes,
 * {queueId, userId, isTransference:true} transfers.
 */
export function useUpdateTicket() {
  const apply = useApplyTicket();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTicket }) => http.put<Ticket>(`/tickets/${id}`, body),
    onSuccess: apply,
  });
}

/** PUT /tickets/:id/private: its agent marks the ticket private, or public again (can.markPrivate). */
export function useTicketPrivacy() {
  const apply = useApplyTicket();
  return useMutation({
    mutationFn: ({ id, isPrivate }: { id: number; isPrivate: boolean }) =>
      http.put<Ticket>(`/tickets/${id}/private`, { isPrivate }),
    onSuccess: apply,
  });
}

/** PUT /tickets/bot/:id: the ticket goes to a flow available for transfer (pending, no agent). */
export function useTicketToBot() {
  const apply = useApplyTicket();
  return useMutation({
    mutationFn: ({ id, chatFlowId }: { id: number; chatFlowId: number }) =>
      http.put<Ticket>(`/tickets/bot/${id}`, { chatFlowId }),
    onSuccess: apply,
  });
}

/** POST /tickets/:id/take-over: the agent takes the ticket from its queue integration (open, theirs). */
export function useTakeOver() {
  const apply = useApplyTicket();
  return useMutation({ mutationFn: (id: number) => http.post<Ticket>(`/tickets/${id}/take-over`, {}), onSuccess: apply });
}

export function useDeleteTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ticket: Ticket) => http.delete(`/tickets/${ticket.id}`),
    onSuccess: (_void, ticket) => {
      const session = getSession();
      if (session) applyTicketToLists(qc, ticket, 'delete', session);
      qc.removeQueries({ queryKey: ticketKeys.detail(ticket.id) });
      void qc.invalidateQueries({ queryKey: ticketKeys.counts });
    },
  });
}

/** POST /tickets/new, then the new chat (SPEC §2: start a conversation from a contact). */
export function useStartConversation() {
  const apply = useApplyTicket();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (contactId: number) => http.post<Ticket>('/tickets/new', { contactId }),
    onSuccess: (ticket) => {
      apply(ticket);
      void navigate(chatPath(ticket.id, { t: Date.now() }));
    },
  });
}
