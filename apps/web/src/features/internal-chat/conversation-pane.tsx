import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import type { ChatGroup, ChatPerson } from '@prosa/contracts';
import { IconPaperclip, IconSend, IconSettings } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession } from '../../shared/auth/session';
import { toastError } from '../../shared/errors/toast-error';
import { PresenceDot } from './conversation-list';
import { GroupMembersModal } from './group-modals';
import { MessageBubble } from './message-bubble';
import { useMessages, useSendMessage, type Conversation } from './use-internal-chat';

interface Props {
  conversation: Conversation;
  person?: ChatPerson;
  group?: ChatGroup;
  people: ChatPerson[];
  onGone: () => void;
}

/** One conversation: header, history (older pages on demand) and the composer with attachments. */
export function ConversationPane({ conversation, person, group, people, onGone }: Props) {
  const { t } = useTranslation();
  const me = getSession()?.userId;
  const history = useMessages(conversation);
  const send = useSendMessage(conversation);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [managing, setManaging] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const messages = useMemo(() => [...(history.data?.pages ?? [])].reverse().flatMap((p) => p.messages), [history.data]);
  const newestId = messages.at(-1)?.id;

  // Keep the newest message in view as messages arrive.
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [newestId]);

  const submit = () => {
    if (!text.trim() && files.length === 0) return;
    send.mutate(
      { body: text, files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
        },
        onError: toastError,
      },
    );
  };

  return (
    <Stack gap="xs" h="100%" data-testid="ichat-pane">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {person && <PresenceDot presence={person.presence} />}
          <Title order={4} data-testid="ichat-pane-title">
            {person?.name ?? group?.name ?? ''}
          </Title>
          {person && (
            <Badge variant="light" color="gray" size="sm">
              {t(`ichat.${person.presence}`)}
            </Badge>
          )}
        </Group>
        {group && (
          <Tooltip label={t('ichat.manage')}>
            <ActionIcon variant="subtle" onClick={() => setManaging(true)} aria-label={t('ichat.manage')}>
              <IconSettings size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Paper withBorder radius="md" p="xs" style={{ flex: 1, minHeight: 0 }}>
        <ScrollArea h="100%" viewportRef={viewport} type="auto">
          <Stack gap={6}>
            {history.hasNextPage && (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => void history.fetchNextPage()}
                loading={history.isFetchingNextPage}
              >
                {t('ichat.older')}
              </Button>
            )}
            {messages.length === 0 && !history.isLoading && (
              <Text c="dimmed" size="sm" ta="center" py="lg">
                {t('ichat.empty')}
              </Text>
            )}
            {messages.map((m) => (
              <MessageBubble key={m.id} message={m} mine={m.senderId === me} showSender={!!group} />
            ))}
          </Stack>
        </ScrollArea>
      </Paper>
      {files.length > 0 && (
        <Group gap={6}>
          {files.map((f, i) => (
            <Badge
              key={`${f.name}-${i}`}
              variant="light"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('ichat.removeFile', { name: f.name })}
                  onClick={() => setFiles(files.filter((_, j) => j !== i))}
                />
              }
            >
              {f.name}
            </Badge>
          ))}
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton multiple onChange={(picked) => setFiles([...files, ...picked])}>
          {(props) => (
            <Tooltip label={t('ichat.attach')}>
              <ActionIcon
                {...props}
                variant="subtle"
                size="lg"
                aria-label={t('ichat.attach')}
                data-testid="ichat-attach"
              >
                <IconPaperclip size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          placeholder={t('ichat.placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          autosize
          minRows={1}
          maxRows={5}
          style={{ flex: 1 }}
          data-testid="ichat-input"
        />
        <ActionIcon
          size="lg"
          onClick={submit}
          loading={send.isPending}
          aria-label={t('ichat.send')}
          data-testid="ichat-send"
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
      {group && (
        <GroupMembersModal
          key={group.id}
          group={group}
          people={people}
          opened={managing}
          onClose={() => setManaging(false)}
          onGone={onGone}
        />
      )}
    </Stack>
  );
}
