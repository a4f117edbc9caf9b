import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { InternalMessage } from '@prosa/contracts';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession } from '../../shared/auth/session';
import { connectSocket } from '../../shared/realtime/socket';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';
import { conversationOf, setOnScreenConversation } from './internal-chat-alerts';
import {
  appendMessage,
  messagesKey,
  useGroups,
  useMarkRead,
  usePeople,
  type Conversation,
  type MessagesPage,
} from './use-internal-chat';

/** /chat-interno: people and groups on the left, the open conversation on the right. */
export function InternalChatPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [current, setCurrent] = useState<Conversation | null>(null);
  const people = usePeople('', null);
  const groups = useGroups();
  const markRead = useMarkRead();
  const person = current?.kind === 'user' ? people.data?.find((p) => p.id === current.id) : undefined;
  const group = current?.kind === 'group' ? groups.data?.find((g) => g.id === current.id) : undefined;
  const unreadHere = person?.unread ?? group?.unread ?? 0;

  // A group deleted, or left from another tab, closes: once a list read after it was opened lacks it.
  const openedAt = useRef(0);
  const open = (c: Conversation | null) => {
    openedAt.current = Date.now();
    setCurrent(c);
  };
  useEffect(() => {
    const gone = groups.data && !groups.data.some((g) => g.id === current?.id);
    if (current?.kind === 'group' && gone && groups.dataUpdatedAt > openedAt.current) setCurrent(null);
  }, [current, groups.data, groups.dataUpdatedAt]);

  useEffect(() => {
    setOnScreenConversation(current);
    return () => setOnScreenConversation(null);
  }, [current]);

  // Opening a conversation with unread messages reads them (the badges clear).
  useEffect(() => {
    if (current && unreadHere > 0 && !markRead.isPending) markRead.mutate(current);
    // markRead.mutate is stable; isPending only guards a double call.
  }, [current, unreadHere]);

  // New messages go straight into the history they belong to; in the open one they are read.
  useEffect(() => {
    const socket = connectSocket();
    const me = getSession()?.userId ?? 0;
    const onMessage = ({ message }: { message: InternalMessage }) => {
      if (!message) return;
      const c = conversationOf(message, me);
      qc.setQueryData(messagesKey(c), (d: InfiniteData<MessagesPage, number | null> | undefined) =>
        appendMessage(d, message),
      );
      if (message.senderId !== me && current && c.kind === current.kind && c.id === current.id) markRead.mutate(c);
    };
    socket.on('chat-interno:message', onMessage);
    return () => {
      socket.off('chat-interno:message', onMessage);
    };
  }, [qc, current]);

  return (
    <Stack gap="md" h="calc(100dvh - 60px - 2 * var(--mantine-spacing-lg))">
      <Title order={2}>{t('ichat.title')}</Title>
      <Grid style={{ flex: 1, minHeight: 0 }} styles={{ inner: { height: '100%' } }}>
        <Grid.Col span={{ base: 12, sm: 4 }} h={{ base: 'auto', sm: '100%' }} style={{ overflow: 'hidden' }}>
          <Paper withBorder radius="md" p="sm" h="100%">
            <ConversationList current={current} onOpen={open} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }} h="100%">
          {current ? (
            <ConversationPane
              key={`${current.kind}-${current.id}`}
              conversation={current}
              person={person}
              group={group}
              people={people.data ?? []}
              onGone={() => open(null)}
            />
          ) : (
            <Paper withBorder radius="md" p="xl" h="100%">
              <Text c="dimmed" ta="center">
                {t('ichat.pick')}
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
