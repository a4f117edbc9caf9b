import { Box, Checkbox, Group, Text } from '@mantine/core';
import type { Message } from '@prosa/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date';
import { timeOf } from '../ui/format';
import { MessageMedia } from './message-media';
import { MessageMenu, type MessageHandlers } from './message-menu';
import { MessageStatus } from './message-status';

interface Props extends MessageHandlers {
  message: Message;
  selecting: boolean;
  selected: boolean;
  canReply: boolean;
}

function Quoted({ quoted }: { quoted: NonNullable<Message['quotedMsg']> }) {
  const { t } = useTranslation();
  const kind =
    quoted.mediaType !== 'chat' ? t(`desk.message.media.${quoted.mediaType}` as 'desk.message.media.image') : '';
  return (
    <Box className="prosa-quote" data-mine={quoted.fromMe || undefined} data-testid="message-quoted">
      <Text size="xs" fw={700} c={quoted.fromMe ? 'prosa' : 'blue'}>
        {quoted.fromMe ? t('desk.chat.you') : t('desk.chat.contact')}
      </Text>
      <Text size="xs" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
        {quoted.body || kind || t('desk.chat.deleted')}
      </Text>
    </Box>
  );
}

/**
 * One message. The body is plain text in a pre-wrap element: bodies are never parsed as HTML.
 * Memoized: a socket update re-renders only the message that changed.
 */
export const MessageBubble = memo(function MessageBubble(props: Props) {
  const { message: m, selecting, selected, onToggleSelect } = props;
  const { t } = useTranslation();
  if (m.mediaType === 'system') {
    return (
      <Group justify="center" my={6} data-testid="message-system">
        <Text size="xs" c="dimmed" className="prosa-system-msg">
          {m.body}
        </Text>
      </Group>
    );
  }
  const hasMedia = m.mediaType !== 'chat' && !m.isDeleted;
  return (
    <Group
      className="prosa-msg-row"
      justify={m.fromMe ? 'flex-end' : 'flex-start'}
      wrap="nowrap"
      gap={6}
      onClick={selecting && m.id > 0 ? () => onToggleSelect(m) : undefined}
      data-testid="message"
      data-message-id={m.id}
      data-from-me={m.fromMe ? 'true' : 'false'}
    >
      {selecting && m.id > 0 && !m.isDeleted && (
        <Checkbox
          checked={selected}
          onChange={() => onToggleSelect(m)}
          aria-label={t('desk.message.select')}
          data-testid="message-select"
        />
      )}
      {m.fromMe && !selecting && <MessageMenu {...props} />}
      <Box className="prosa-bubble" data-mine={m.fromMe || undefined} data-selected={selected || undefined}>
        {m.quotedMsg && <Quoted quoted={m.quotedMsg} />}
        {hasMedia && (
          <Box mb={m.body ? 4 : 0}>
            <MessageMedia message={m} />
          </Box>
        )}
        {m.isDeleted ? (
          <Text size="sm" fs="italic" c="dimmed" data-testid="message-deleted">
            {t('desk.chat.deleted')}
          </Text>
        ) : (
          m.body && (
            <Text size="sm" className="prosa-msg-text" data-testid="message-body">
              {m.body}
            </Text>
          )
        )}
        {m.scheduleDate && (
          <Text size="10px" c="dimmed" fs="italic">
            {t('desk.chat.scheduled', { date: formatDateTime(m.scheduleDate) })}
          </Text>
        )}
        <Group gap={4} justify="flex-end" wrap="nowrap" mt={2}>
          {m.isEdited && !m.isDeleted && (
            <Text size="10px" c="dimmed" fs="italic">
              {t('desk.chat.edited')}
            </Text>
          )}
          <Text size="10px" c="dimmed">
            {timeOf(m.createdAt)}
          </Text>
          {m.fromMe && (
            <MessageStatus
              message={m}
              onRetry={m.status === 'failed' ? () => props.onRetry(m) : undefined}
              onDiscard={m.status === 'failed' && m.id < 0 ? () => props.onDiscard(m) : undefined}
            />
          )}
        </Group>
        {m.reactions.length > 0 && (
          <Group gap={2} className="prosa-reactions" data-testid="message-reactions">
            {m.reactions.map((r, i) => (
              <span key={`${r.emoji}${i}`} title={r.fromMe ? t('desk.chat.you') : t('desk.chat.contact')}>
                {r.emoji}
              </span>
            ))}
          </Group>
        )}
      </Box>
      {!m.fromMe && !selecting && <MessageMenu {...props} />}
    </Group>
  );
});
