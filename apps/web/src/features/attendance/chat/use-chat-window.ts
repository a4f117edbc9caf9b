import type { Ticket } from '@prosa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useChannelWindow } from '../api/use-messages';
import { messageKeys } from '../api/ticket-keys';

/** A timer longer than this is not set (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The ticket's 24-hour window (SPEC §5), kept current: read again when the conversation moves (a
 * customer message reopens it) and at the moment it expires. Used once per chat (ChatView), which
 * hands the answer to the warning and the composer.
 */
export function useChatWindow(ticket: Ticket) {
  const qc = useQueryClient();
  const query = useChannelWindow(ticket.id, ticket.status !== 'closed');
  const expiresAt = query.data?.expiresAt;
  const lastMessageAt = ticket.lastMessageAt;

  const seen = useRef(lastMessageAt);
  useEffect(() => {
    if (seen.current === lastMessageAt) return;
    seen.current = lastMessageAt;
    void qc.invalidateQueries({ queryKey: messageKeys.window(ticket.id), refetchType: 'active' });
  }, [qc, ticket.id, lastMessageAt]);

  useEffect(() => {
    if (!expiresAt) return;
    const wait = Date.parse(expiresAt) - Date.now();
    if (!(wait > 0) || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(
      () => void qc.invalidateQueries({ queryKey: messageKeys.window(ticket.id), refetchType: 'active' }),
      wait + 1_000,
    );
    return () => clearTimeout(timer);
  }, [qc, ticket.id, expiresAt]);

  return query;
}

/** Closed only when the server says so; while loading, or on other channels, the chat is open. */
export const isWindowClosed = (data: { open: boolean } | undefined) => data?.open === false;
