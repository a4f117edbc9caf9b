import { Alert, Box, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconArrowDown, IconLock } from '@tabler/icons-react';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { ErrorBlock } from '../../../shared/ui/query-state';
import { flattenMessages } from '../api/message-cache';
import { useMessages } from '../api/use-messages';
import { useTicketLogs } from '../api/use-ticket-side';
import { dayLabel } from '../ui/format';
import { MessageBubble } from './message-bubble';
import type { MessageHandlers } from './message-menu';
import type { TicketRights } from './message-rights';
import { itemKey, mergeTimeline } from './timeline';
import { TimelineLine } from './timeline-line';

interface Props extends MessageHandlers {
  ticketId: number;
  /** Pages to load at once (the route's pageNumber). */
  initialPages: number;
  /** Changes when the same chat is opened again (the route's t): back to the newest message. */
  scrollSignal: string | null;
  selecting: boolean;
  selectedIds: ReadonlySet<number>;
  /** What the viewer may do on the ticket (the server's `can` and `messageActions`). */
  rights: TicketRights;
  /** Changes when the ticket's status or agent changes: a refused read (not accepted yet) is tried again. */
  accessKey: string;
}

const NEAR_BOTTOM_PX = 80;
const LOAD_OLDER_AT_PX = 160;

/**
 * The conversation, newest at the bottom. Scrolling near the top loads the previous page; while it
 * loads and renders, the distance from the bottom is kept, so what the user reads stays in place.
 * At the bottom the view follows new messages and late-loading images.
 */
export function MessageList({
  ticketId,
  initialPages,
  scrollSignal,
  selecting,
  selectedIds,
  rights,
  accessKey,
  ...handlers
}: Props) {
  const { t } = useTranslation();
  const query = useMessages(ticketId, rights.can.read);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  // Transfers, accepts and closes as lines between the messages (read again when the ticket's
  // status, queue or agent changes: use-desk-realtime).
  const logs = useTicketLogs(ticketId);
  const complete = query.isSuccess && !query.hasNextPage;
  const items = useMemo(() => mergeTimeline(messages, logs.data ?? [], complete), [messages, logs.data, complete]);
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const keepFromBottom = useRef<number | null>(null);
  const [showJump, setShowJump] = useState(false);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const { isError, refetch } = query;
  useEffect(() => {
    if (isError) void refetch();
    // Only a change of access is a reason to try again.
  }, [accessKey]);

  const toBottom = useCallback((smooth = false) => {
    const el = viewport.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    atBottom.current = true;
    setShowJump(false);
  }, []);

  const loadOlder = useCallback(() => {
    const el = viewport.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void fetchNextPage().finally(() => {
      // Released after the new rows are laid out (see the layout effect).
      requestAnimationFrame(() => (keepFromBottom.current = null));
    });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  /** After any change of size: stick to the bottom, or keep the distance from it while loading older. */
  const settle = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    if (keepFromBottom.current !== null) el.scrollTop = el.scrollHeight - keepFromBottom.current;
    else if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, []);

  useLayoutEffect(settle, [items, settle]);
  useEffect(() => {
    const node = content.current;
    if (!node) return;
    const ro = new ResizeObserver(settle);
    ro.observe(node);
    return () => ro.disconnect();
  }, [settle, query.isSuccess]);

  // A new message at the bottom: follow it when at the bottom or when it is ours.
  const last = messages[messages.length - 1];
  useEffect(() => {
    if (!last) return;
    if (atBottom.current || last.fromMe) toBottom(true);
    else setShowJump(true);
    // Only a different last message matters, not every change of the list.
  }, [last?.id, last?.clientId, last?.fromMe, toBottom]);

  useEffect(() => toBottom(false), [scrollSignal, ticketId, toBottom]);

  // The route may ask for several pages at once (named route "chat", pageNumber).
  const loaded = query.data?.pages.length ?? 0;
  // Also when the messages do not fill the view yet: there is nothing to scroll to load more.
  useEffect(() => {
    const el = viewport.current;
    const short = !!el && el.scrollHeight <= el.clientHeight + 4;
    if (loaded > 0 && (loaded < initialPages || short) && hasNextPage && !isFetchingNextPage) loadOlder();
  }, [loaded, initialPages, hasNextPage, isFetchingNextPage, loadOlder]);

  const onScroll = () => {
    const el = viewport.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom.current) setShowJump(false);
    if (el.scrollTop < LOAD_OLDER_AT_PX) loadOlder();
  };

  if (!rights.can.read || query.isError) {
    // The server's `can.read` says so up front; a refusal in a race (access just changed) says it late.
    const noPermission =
      !rights.can.read || (query.error instanceof ApiError && query.error.code === 'ERR_NO_PERMISSION');
    return (
      <Center style={{ flex: 1 }} p="lg">
        {noPermission ? (
          <Alert color="orange" variant="light" icon={<IconLock size={18} />} data-testid="chat-accept-to-read">
            {t('desk.chat.acceptToRead')}
          </Alert>
        ) : (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Center>
    );
  }

  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
      <div ref={viewport} onScroll={onScroll} className="prosa-chat-scroll" data-testid="message-list">
        <div ref={content} className="prosa-chat-content">
          {query.isPending ? (
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          ) : (
            <>
              <Group justify="center" py="xs">
                {isFetchingNextPage ? (
                  <Group gap={6}>
                    <Loader size="xs" />
                    <Text size="xs" c="dimmed">
                      {t('desk.chat.loadingOlder')}
                    </Text>
                  </Group>
                ) : !hasNextPage && messages.length > 0 ? (
                  <Text size="xs" c="dimmed" className="prosa-system-msg">
                    {t('desk.chat.beginning')}
                  </Text>
                ) : null}
              </Group>
              {messages.length === 0 && (
                <Text ta="center" c="dimmed" size="sm" py="xl">
                  {t('desk.chat.noMessages')}
                </Text>
              )}
              {items.map((item, i) => {
                const prev = items[i - 1];
                const newDay = !prev || prev.at.slice(0, 10) !== item.at.slice(0, 10);
                return (
                  <Fragment key={itemKey(item)}>
                    {newDay && (
                      <Group justify="center" my={8}>
                        <Text size="xs" fw={600} className="prosa-day-chip">
                          {dayLabel(item.at)}
                        </Text>
                      </Group>
                    )}
                    {item.kind === 'event' ? (
                      <TimelineLine log={item.log} />
                    ) : (
                      <MessageBubble
                        message={item.message}
                        selecting={selecting}
                        selected={selectedIds.has(item.message.id)}
                        rights={rights}
                        {...handlers}
                      />
                    )}
                  </Fragment>
                );
              })}
            </>
          )}
        </div>
      </div>
      {showJump && (
        <Button
          size="xs"
          radius="xl"
          pos="absolute"
          bottom={12}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
          leftSection={<IconArrowDown size={14} />}
          onClick={() => toBottom(true)}
          data-testid="chat-jump-new"
        >
          {t('desk.chat.newMessages')}
        </Button>
      )}
    </Box>
  );
}
