import { ActionIcon, Group, Menu, Popover, Text } from '@mantine/core';
import { sameEmoji, type Message } from '@prosa/contracts';
import {
  IconArrowBackUp,
  IconCopy,
  IconDotsVertical,
  IconMessageReply,
  IconMoodSmile,
  IconPencil,
  IconShare3,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/ui/notify';
import { EmojiGrid, QUICK_REACTIONS } from './emoji-picker';
import { messageRights, type TicketRights } from './message-rights';

export interface MessageHandlers {
  onReply: (m: Message) => void;
  onReact: (m: Message, emoji: string) => void;
  onEdit: (m: Message) => void;
  onDelete: (m: Message) => void;
  onForward: (m: Message) => void;
  onToggleSelect: (m: Message) => void;
  onRetry: (m: Message) => void;
  onDiscard: (m: Message) => void;
  /** Answer a public comment publicly. */
  onReplyComment: (m: Message) => void;
}

/**
 * The actions beside a bubble, shown on hover: reply, react, and a menu with copy, forward, a
 * public reply to a comment, and for our own messages edit (text only) and delete (the server
 * refuses after 24 h). Reactions, edits and deletions are offered only where the ticket's channel
 * has them (`rights`, from the server; message-rights.ts), with the channel's own reactions.
 */
export function MessageMenu({
  message: m,
  rights: ticketRights,
  onReply,
  onReact,
  onEdit,
  onDelete,
  onForward,
  onReplyComment,
}: MessageHandlers & { message: Message; rights: TicketRights }) {
  const { t } = useTranslation();
  const [reacting, setReacting] = useState(false);
  if (m.id < 0 || m.isDeleted) return null;
  const rights = messageRights(ticketRights, m);
  // A channel with its own list (Telegram) or a single reaction (Instagram's heart) offers only those.
  const limited = rights.reactionEmojis;
  const quick = !limited
    ? QUICK_REACTIONS
    : limited.length <= QUICK_REACTIONS.length
      ? limited
      : QUICK_REACTIONS.filter((q) => limited.some((e) => sameEmoji(e, q)));
  const grid = !limited || limited.length > QUICK_REACTIONS.length;
  const copy = () =>
    void navigator.clipboard?.writeText(m.body).then(
      () => notifySuccess(t('desk.message.copied')),
      () => undefined,
    );
  const react = (emoji: string) => {
    setReacting(false);
    onReact(m, emoji);
  };
  return (
    <Group gap={0} className="prosa-msg-actions" wrap="nowrap">
      {rights.reply && (
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          onClick={() => onReply(m)}
          aria-label={t('desk.message.reply')}
          data-testid="message-reply"
        >
          <IconArrowBackUp size={15} />
        </ActionIcon>
      )}
      {rights.react && (
        <Popover opened={reacting} onChange={setReacting} position="top" shadow="md" width={280} withinPortal>
          <Popover.Target>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              onClick={() => setReacting((o) => !o)}
              aria-label={t('desk.message.react')}
              data-testid="message-react"
            >
              <IconMoodSmile size={15} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p="xs" data-testid="reaction-picker">
            {limited && (
              <Text size="xs" c="dimmed" ta="center" mb={4}>
                {t('desk.message.reactionsLimited')}
              </Text>
            )}
            <Group gap={4} mb={grid ? 6 : 0} justify="center">
              {quick.map((e) => (
                <ActionIcon
                  key={e}
                  variant="subtle"
                  size="lg"
                  onClick={() => react(e)}
                  aria-label={e}
                  data-testid="reaction-option"
                >
                  <span style={{ fontSize: 20 }}>{e}</span>
                </ActionIcon>
              ))}
            </Group>
            {grid && <EmojiGrid onPick={react} columns={8} {...(limited ? { only: limited } : {})} />}
          </Popover.Dropdown>
        </Popover>
      )}
      <Menu position={m.fromMe ? 'bottom-end' : 'bottom-start'} withinPortal>
        <Menu.Target>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={t('desk.actions.more')}
            data-testid="message-menu"
          >
            <IconDotsVertical size={15} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {m.body && (
            <Menu.Item leftSection={<IconCopy size={15} />} onClick={copy}>
              {t('desk.message.copy')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconShare3 size={15} />} onClick={() => onForward(m)} data-testid="message-forward">
            {t('desk.message.forward')}
          </Menu.Item>
          {rights.replyComment && (
            <Menu.Item
              leftSection={<IconMessageReply size={15} />}
              onClick={() => onReplyComment(m)}
              data-testid="message-reply-comment"
            >
              {t('desk.message.replyPublicly')}
            </Menu.Item>
          )}
          {rights.edit && (
            <Menu.Item leftSection={<IconPencil size={15} />} onClick={() => onEdit(m)} data-testid="message-edit">
              {t('desk.message.edit')}
            </Menu.Item>
          )}
          {rights.delete && (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={15} />}
              onClick={() => onDelete(m)}
              data-testid="message-delete"
            >
              {t('desk.message.delete')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
