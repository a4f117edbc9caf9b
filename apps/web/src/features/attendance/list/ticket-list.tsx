import { Center, Group, Loader, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../shared/errors/toast-error';
import { EmptyState, ErrorBlock } from '../../../shared/ui/query-state';
import { chatPath, ticketKeys, type ListKeyParams } from '../api/ticket-keys';
import { useUpdateTicket } from '../api/use-ticket-actions';
import { useTicketList } from '../api/use-tickets';
import { pinnedFocused } from './pinned-focused';
import { TicketRow } from './ticket-row';

function RowSkeletons() {
  return (
    <Stack gap={0} p="sm">
      {Array.from({ length: 6 }, (_, i) => (
        <Group key={i} gap="sm" wrap="nowrap" py={10}>
          <Skeleton circle height={44} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width="60%" />
            <Skeleton height={8} width="90%" />
            <Skeleton height={8} width="40%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** The rows of one tab, loaded page by page as the end of the list scrolls into view. */
export function TicketList({ params, focusedId }: { params: ListKeyParams; focusedId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useTicketList(params);
  const accept = useUpdateTicket();
  // The focused ticket as the chat loaded it (read from the cache only, never fetched here).
  const focused = useQuery<Ticket>({ queryKey: ticketKeys.detail(focusedId ?? 0), enabled: false }).data;
  const sentinel = useRef<HTMLDivElement>(null);

  const tickets = useMemo(() => {
    const seen = new Set<number>();
    const rows = (list.data?.pages ?? []).flatMap((p) => p.tickets).filter((tk) => !seen.has(tk.id) && seen.add(tk.id));
    return rows;
  }, [list.data]);
  // SPEC §4: a focused pending ticket is displayed as open, at the top of the Open tab.
  const pinned = pinnedFocused(params.tab, focused, tickets);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, tickets.length]);

  const onOpen = useCallback((tk: Ticket) => void navigate(chatPath(tk.id, { t: Date.now() })), [navigate]);
  const mutate = accept.mutate;
  const onAccept = useCallback(
    (tk: Ticket) =>
      mutate(
        { id: tk.id, body: { status: 'open' } },
        { onSuccess: () => void navigate(chatPath(tk.id, { t: Date.now() })), onError: toastError },
      ),
    [mutate, navigate],
  );
  const acceptingId = accept.isPending ? accept.variables?.id : undefined;

  if (list.isPending) return <RowSkeletons />;
  if (list.isError)
    return (
      <Stack p="sm">
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      </Stack>
    );
  const rowOf = (tk: Ticket, isPinned = false) => (
    <TicketRow
      key={tk.id}
      ticket={tk}
      selected={tk.id === focusedId}
      pinned={isPinned}
      accepting={acceptingId === tk.id}
      onOpen={onOpen}
      onAccept={onAccept}
    />
  );
  return (
    <ScrollArea style={{ flex: 1 }} type="hover" scrollbarSize={8} data-testid="ticket-list">
      {pinned && rowOf(pinned, true)}
      {tickets.map((tk) => rowOf(tk))}
      {tickets.length === 0 && !pinned && (
        <EmptyState title={params.search ? t('desk.empty.search') : t(`desk.empty.${params.tab}`)} />
      )}
      <div ref={sentinel} style={{ height: 1 }} />
      {isFetchingNextPage && (
        <Center py="sm">
          <Loader size="sm" />
        </Center>
      )}
      {!hasNextPage && tickets.length > 8 && (
        <Text size="xs" c="dimmed" ta="center" py="sm">
          {t('desk.endOfList')}
        </Text>
      )}
    </ScrollArea>
  );
}
