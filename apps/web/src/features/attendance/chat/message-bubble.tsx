import { Box, Checkbox, Group, Text } from '@mantine/core';
import type { Message } from '@prosa/contracts';
import { IconAlertTriangle, IconMessageCircle } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date';
import { timeOf } from '../ui/format';
import { MessageMedia } from './message-media';
import { MessageMenu, type MessageHandlers } from './message-menu';
import { commentText, type TicketRights } from './message-rights';
import { MessageStatus } from './message-status';

interface Props extends MessageHandlers {
  message: Message;
  selecting: boolean;
  selected: boolean;
  /** What the viewer may do on the ticket (the server's `can` and `messageActions`). */
  rights: TicketRights;
}

/** A public comment (Facebook post, Instagram media) or our public answer to one: marked as such. */
function CommentLabel({ mine }: { mine: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} mb={2} wrap="nowrap" className="prosa-comment-label" data-testid="message-comment">
      <IconMessageCircle size={13} />
      <Text size="xs" fw={600}>
        {mine ? t('desk.message.publicReply') : t('desk.message.comment')}
      </Text>
    </Group>
  );
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
  const isComment = m.mediaType === 'comment';
  const hasMedia = m.mediaType !== 'chat' && !isComment && !m.isDeleted;
  const body = isComment ? commentText(m) : m.body;
  // The provider refused a change for good: the customer still sees the message as it was.
  const failed = m.actionFailed === 'delete' || !m.isDeleted ? m.actionFailed : null;
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
      <Box
        className="prosa-bubble"
        data-mine={m.fromMe || undefined}
        data-selected={selected || undefined}
        data-comment={isComment || undefined}
      >
        {isComment && <CommentLabel mine={m.fromMe} />}
        {m.quotedMsg && <Quoted quoted={m.quotedMsg} />}
        {hasMedia && (
          <Box mb={body ? 4 : 0}>
            <MessageMedia message={m} />
          </Box>
        )}
        {m.isDeleted ? (
          <Text size="sm" fs="italic" c="dimmed" data-testid="message-deleted">
            {t('desk.chat.deleted')}
          </Text>
        ) : (
          body && (
            <Text size="sm" className="prosa-msg-text" data-testid="message-body">
              {body}
            </Text>
          )
        )}
        {failed && (
          <Group gap={4} wrap="nowrap" mt={2} data-testid="message-action-failed">
            <IconAlertTriangle size={12} color="var(--mantine-color-red-6)" />
            <Text size="10px" c="red">
              {t(`desk.message.actionFailed.${failed}`)}
            </Text>
          </Group>
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
