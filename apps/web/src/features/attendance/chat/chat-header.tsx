import { ActionIcon, Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { IconArrowLeft, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ColorBadge } from '../../../shared/ui/color-dot';
import { ChannelIcon } from '../ui/channel-icon';
import { ContactAvatar } from '../ui/contact-avatar';
import { TicketIntegrationBadge } from '../../integrations/ticket-integration';
import { TicketActions } from './ticket-actions';

const STATUS_COLOR = { open: 'teal', pending: 'orange', closed: 'gray' } as const;

/** Who the conversation is with, its protocol, queue and agent, and what can be done with it. */
export function ChatHeader({ ticket, onTogglePanel }: { ticket: Ticket; onTogglePanel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { contact } = ticket;
  return (
    <Group className="prosa-chat-header" justify="space-between" wrap="nowrap" gap="sm" data-testid="chat-header">
      <Group gap="sm" wrap="nowrap" className="prosa-chat-who">
        <ActionIcon
          variant="subtle"
          hiddenFrom="sm"
          onClick={() => void navigate('/atendimento')}
          aria-label={t('desk.chat.back')}
        >
          <IconArrowLeft size={18} />
        </ActionIcon>
        <ContactAvatar name={contact.name} picture={contact.profilePicUrl} size={40} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={700} truncate style={{ minWidth: 0 }} data-testid="chat-contact-name">
              {contact.name}
            </Text>
            <ChannelIcon type={ticket.channel?.type} size={16} />
            <Badge
              style={{ flexShrink: 0 }}
              size="xs"
              variant="light"
              color={STATUS_COLOR[ticket.status]}
              data-testid="chat-status"
            >
              {t(`desk.chat.status.${ticket.status}`)}
            </Badge>
            {ticket.isPrivate && (
              <Badge
                style={{ flexShrink: 0 }}
                size="xs"
                variant="outline"
                color="gray"
                data-testid="chat-private-badge"
              >
                {t('desk.chat.private')}
              </Badge>
            )}
            <TicketIntegrationBadge ticket={ticket} />
          </Group>
          <Group gap={8} wrap="nowrap" style={{ overflow: 'hidden' }}>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="chat-protocol">
              {t('desk.chat.protocol', { protocol: ticket.protocol })}
            </Text>
            {ticket.queue ? (
              <Box style={{ flexShrink: 0 }}>
                <ColorBadge color={ticket.queue.color} name={ticket.queue.name} />
              </Box>
            ) : (
              <Text size="xs" c="dimmed">
                {t('desk.noQueue')}
              </Text>
            )}
            <Group gap={3} wrap="nowrap" className="prosa-hide-mobile">
              <IconUser size={12} style={{ opacity: 0.6 }} />
              <Text size="xs" c="dimmed" truncate data-testid="chat-user">
                {ticket.user?.name ?? t('desk.unassigned')}
              </Text>
            </Group>
          </Group>
        </Stack>
      </Group>
      {/* On a phone the actions take a row of their own (global.css), so the name and protocol keep theirs. */}
      <Box className="prosa-chat-actions">
        <TicketActions ticket={ticket} onTogglePanel={onTogglePanel} />
      </Box>
    </Group>
  );
}
