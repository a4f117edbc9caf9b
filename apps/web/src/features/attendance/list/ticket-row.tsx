import { Badge, Box, Button, ColorSwatch, Group, Indicator, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { IconClock, IconUser } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelIcon } from '../ui/channel-icon';
import { ContactAvatar } from '../ui/contact-avatar';
import { listTime, oneLine } from '../ui/format';

interface Props {
  ticket: Ticket;
  selected: boolean;
  /** The focused pending ticket shown among the open ones (SPEC §4). */
  pinned?: boolean;
  accepting: boolean;
  onOpen: (ticket: Ticket) => void;
  onAccept: (ticket: Ticket) => void;
}

/**
 * One row of the ticket list. Memoized: a pushed change re-renders only the row whose ticket
 * object changed (the caches keep the other objects as they are).
 */
export const TicketRow = memo(function TicketRow({ ticket, selected, pinned, accepting, onOpen, onAccept }: Props) {
  const { t } = useTranslation();
  const { contact, queue } = ticket;
  // The row is clicked anywhere with a mouse; for the keyboard and screen readers the contact's
  // name is the row's button (its Enter/Space click bubbles to the row). The row itself is not a
  // button: it holds the Accept button, and interactive controls must not be nested (WCAG 4.1.2).
  return (
    <Box
      onClick={() => onOpen(ticket)}
      className="prosa-ticket-row"
      data-selected={selected || undefined}
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      style={{ borderLeftColor: queue?.color ?? 'transparent' }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Indicator
          inline
          position="bottom-end"
          offset={6}
          size={18}
          withBorder={false}
          color="transparent"
          // Mantine's default (200) lifts the icon above the menu drawer (AppShell navbar, 100) on phones.
          zIndex={1}
          label={<ChannelIcon type={ticket.channel?.type} size={18} />}
        >
          <ContactAvatar name={contact.name} picture={contact.profilePicUrl} size={44} />
        </Indicator>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <UnstyledButton className="prosa-ticket-open" aria-current={selected || undefined}>
              <Text size="sm" fw={ticket.unreadMessages > 0 ? 700 : 600} truncate data-testid="ticket-row-name">
                {contact.name}
              </Text>
            </UnstyledButton>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {ticket.scheduledMessages > 0 && (
                <Tooltip label={t('schedules.clock', { count: ticket.scheduledMessages })}>
                  <IconClock
                    size={14}
                    color="var(--mantine-color-blue-6)"
                    aria-label={t('schedules.clock', { count: ticket.scheduledMessages })}
                    data-testid="ticket-row-scheduled"
                  />
                </Tooltip>
              )}
              <Text size="xs" c={ticket.unreadMessages > 0 ? 'prosa' : 'dimmed'} fw={500}>
                {listTime(ticket.lastMessageAt ?? ticket.updatedAt)}
              </Text>
            </Group>
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" truncate data-testid="ticket-row-last">
              {oneLine(ticket.lastMessage) || t('desk.noMessages')}
            </Text>
            {ticket.unreadMessages > 0 && (
              <Badge size="sm" circle={ticket.unreadMessages < 10} color="prosa" data-testid="ticket-row-unread">
                {ticket.unreadMessages}
              </Badge>
            )}
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between" mt={2}>
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              {/* The queue's colour as a dot (and the row's left border), not as text: a user's colour
                  could be unreadable on the row in either theme. */}
              <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                {queue && <ColorSwatch color={queue.color} size={8} withShadow={false} style={{ flexShrink: 0 }} />}
                <Text size="xs" fw={600} truncate c={queue ? undefined : 'dimmed'}>
                  {queue?.name ?? t('desk.noQueue')}
                </Text>
              </Group>
              {ticket.user && (
                <Group gap={2} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconUser size={12} style={{ flexShrink: 0, opacity: 0.6 }} />
                  <Text size="xs" c="dimmed" truncate>
                    {ticket.user.name}
                  </Text>
                </Group>
              )}
              {pinned && (
                <Badge size="xs" variant="light" color="orange">
                  {t('desk.focusedPending')}
                </Badge>
              )}
            </Group>
            {ticket.can.accept && (
              <Button
                size="compact-xs"
                radius="xl"
                loading={accepting}
                onClick={(e) => {
                  e.stopPropagation();
                  onAccept(ticket);
                }}
                data-testid="ticket-accept"
              >
                {t('desk.accept')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Box>
  );
});
