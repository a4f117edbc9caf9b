import { ActionIcon, Group, Menu, Popover } from '@mantine/core';
import type { Message } from '@prosa/contracts';
import {
  IconArrowBackUp,
  IconCopy,
  IconDotsVertical,
  IconMoodSmile,
  IconPencil,
  IconShare3,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/ui/notify';
import { EmojiGrid, QUICK_REACTIONS } from './emoji-picker';

export interface MessageHandlers {
  onReply: (m: Message) => void;
  onReact: (m: Message, emoji: string) => void;
  onEdit: (m: Message) => void;
  onDelete: (m: Message) => void;
  onForward: (m: Message) => void;
  onToggleSelect: (m: Message) => void;
  onRetry: (m: Message) => void;
  onDiscard: (m: Message) => void;
}

/**
 * The actions beside a bubble, shown on hover: reply, react, and a menu with copy, forward, and
 * for our own messages edit (text only) and delete (the server refuses after 24 h).
 */
export function MessageMenu({
  message: m,
  canReply,
  onReply,
  onReact,
  onEdit,
  onDelete,
  onForward,
}: MessageHandlers & { message: Message; canReply: boolean }) {
  const { t } = useTranslation();
  const [reacting, setReacting] = useState(false);
  if (m.id < 0 || m.isDeleted) return null;
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
      {canReply && (
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
      {canReply && (
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
          <Popover.Dropdown p="xs">
            <Group gap={4} mb={6} justify="center">
              {QUICK_REACTIONS.map((e) => (
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
            <EmojiGrid onPick={react} columns={8} />
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
          {m.fromMe && m.mediaType === 'chat' && canReply && (
            <Menu.Item leftSection={<IconPencil size={15} />} onClick={() => onEdit(m)} data-testid="message-edit">
              {t('desk.message.edit')}
            </Menu.Item>
          )}
          {m.fromMe && (
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
