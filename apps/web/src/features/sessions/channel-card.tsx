import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconDots,
  IconPencil,
  IconPlayerPlay,
  IconPlugOff,
  IconRefresh,
  IconTemplate,
  IconTrash,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import type { Channel } from '@prosa/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/date';
import { ChannelIcon } from '../attendance/ui/channel-icon';
import { ChannelQrCode } from './channel-qr-code';
import { ChannelStatusBadge } from './channel-status-badge';
import { canSyncContacts, type SessionAction } from './use-channels';

interface Props {
  channel: Channel;
  /** The session action under way for this channel, if any. */
  pending: SessionAction | null;
  onSession: (channel: Channel, action: SessionAction) => void;
  onEdit: (channel: Channel) => void;
  onDelete: (channel: Channel) => void;
  /** Opens the outbound webhook's deliveries (offered when the channel has a webhook URL). */
  onDeliveries: (channel: Channel) => void;
  /** WhatsApp Cloud API: reads the approved templates again from the business account. */
  onSyncTemplates: (channel: Channel) => void;
  /** WhatsApp Web, connected: the account's address book becomes contacts. */
  onSyncContacts: (channel: Channel) => void;
}

/** One connection at a glance: who it is, whether it is up, the QR code to scan, what to do next. */
export const ChannelCard = memo(function ChannelCard({
  channel,
  pending,
  onSession,
  onEdit,
  onDelete,
  onDeliveries,
  onSyncTemplates,
  onSyncContacts,
}: Props) {
  const { t } = useTranslation();
  const { status } = channel;
  const down = status === 'DISCONNECTED';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="channel-card" data-name={channel.name} data-status={status}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ChannelIcon type={channel.type} size={40} />
            <Stack gap={2} miw={0}>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} truncate data-testid="channel-name">
                  {channel.name}
                </Text>
                {channel.isDefault && (
                  <Badge size="xs" variant="light" color="gray">
                    {t('channels.default')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {t(`channels.types.${channel.type}`)} · {channel.number || t('channels.noNumber')}
              </Text>
            </Stack>
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`${t('channels.actions.more')}: ${channel.name}`} data-testid="channel-menu">
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(channel)} data-testid="channel-edit">
                {t('channels.actions.edit')}
              </Menu.Item>
              {channel.type === 'waba' && (
                <Menu.Item
                  leftSection={<IconTemplate size={16} />}
                  onClick={() => onSyncTemplates(channel)}
                  data-testid="channel-sync-templates"
                >
                  {t('channels.actions.syncTemplates')}
                </Menu.Item>
              )}
              {canSyncContacts(channel) && (
                <Menu.Item
                  leftSection={<IconUsers size={16} />}
                  onClick={() => onSyncContacts(channel)}
                  data-testid="channel-sync-contacts"
                >
                  {t('channels.actions.syncContacts')}
                </Menu.Item>
              )}
              {channel.webhookUrl && (
                <Menu.Item
                  leftSection={<IconWebhook size={16} />}
                  onClick={() => onDeliveries(channel)}
                  data-testid="channel-deliveries"
                >
                  {t('channels.actions.deliveries')}
                </Menu.Item>
              )}
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(channel)} data-testid="channel-delete">
                {t('channels.actions.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>

        <Group justify="space-between" gap="xs">
          <ChannelStatusBadge status={status} retries={channel.retries} />
          <Text size="xs" c="dimmed">
            {t('channels.updatedAt', { when: formatDateTime(channel.updatedAt) })}
          </Text>
        </Group>

        {status === 'qrcode' && channel.qrcode && <ChannelQrCode value={channel.qrcode} />}

        <Group gap="xs" mt="auto">
          {down ? (
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} />}
              loading={pending === 'connect'}
              onClick={() => onSession(channel, 'connect')}
              data-testid="channel-connect"
            >
              {t('channels.actions.connect')}
            </Button>
          ) : (
            <>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                loading={pending === 'restart'}
                disabled={!!pending && pending !== 'restart'}
                onClick={() => onSession(channel, 'restart')}
                data-testid="channel-restart"
              >
                {t('channels.actions.restart')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconPlugOff size={14} />}
                loading={pending === 'disconnect'}
                disabled={!!pending && pending !== 'disconnect'}
                onClick={() => onSession(channel, 'disconnect')}
                data-testid="channel-disconnect"
              >
                {t('channels.actions.disconnect')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
});
