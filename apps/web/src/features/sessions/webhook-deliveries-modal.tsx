import { Badge, Button, Code, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Channel, ChannelWebhookDelivery } from '@prosa/contracts';
import { IconChevronLeft, IconChevronRight, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { formatDateTime } from '../../shared/format/date';
import { notifySuccess } from '../../shared/ui/notify';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { useWebhookDeliveries, useWebhookTest } from './use-webhook-deliveries';

const STATUS_COLOR: Record<ChannelWebhookDelivery['status'], string> = {
  pending: 'yellow',
  delivered: 'teal',
  failed: 'red',
};

function DeliveryRow({ delivery }: { delivery: ChannelWebhookDelivery }) {
  const { t } = useTranslation();
  return (
    <Table.Tr
      data-testid="delivery-row"
      data-id={delivery.id}
      data-event={delivery.event}
      data-status={delivery.status}
      data-http={delivery.responseStatus ?? ''}
    >
      <Table.Td>
        <Code>{delivery.event}</Code>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge color={STATUS_COLOR[delivery.status]} variant="light">
            {t(`channels.deliveries.status.${delivery.status}`)}
          </Badge>
          {delivery.responseStatus !== null && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('channels.deliveries.http', { code: delivery.responseStatus })}
            </Text>
          )}
        </Group>
        {delivery.nextAttemptAt && (
          <Text size="xs" c="dimmed">
            {t('channels.deliveries.nextAttempt', { when: formatDateTime(delivery.nextAttemptAt) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="center">{delivery.attempts}</Table.Td>
      <Table.Td maw={240}>
        {delivery.lastError ? (
          <Tooltip label={delivery.lastError} multiline maw={360} withinPortal>
            <Text size="xs" c="red" truncate>
              {delivery.lastError}
            </Text>
          </Tooltip>
        ) : (
          <Text size="xs" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(delivery.deliveredAt ?? delivery.createdAt)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

function Deliveries({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const { toast } = useErrorMessage();
  const [page, setPage] = useState(1);
  const list = useWebhookDeliveries(channel.id, page);
  const test = useWebhookTest(channel.id);
  const rows = list.data?.deliveries ?? [];

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('channels.deliveries.testSent'));
        setPage(1);
      },
      onError: toast,
    });

  return (
    <Stack gap="md" data-testid="webhook-deliveries">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {t('channels.deliveries.hint', { url: channel.webhookUrl })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={list.isFetching && !list.isPending}
            onClick={() => void list.refetch()}
            data-testid="deliveries-refresh"
          >
            {t('channels.deliveries.refresh')}
          </Button>
          <Button
            size="xs"
            leftSection={<IconSend size={14} />}
            loading={test.isPending}
            onClick={sendTest}
            data-testid="webhook-test"
          >
            {t('channels.deliveries.test')}
          </Button>
        </Group>
      </Group>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState title={t('channels.deliveries.empty')} hint={t('channels.deliveries.emptyHint')} />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table verticalSpacing="xs" striped data-testid="deliveries-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('channels.deliveries.columns.event')}</Table.Th>
                <Table.Th>{t('channels.deliveries.columns.status')}</Table.Th>
                <Table.Th ta="center">{t('channels.deliveries.columns.attempts')}</Table.Th>
                <Table.Th>{t('channels.deliveries.columns.lastError')}</Table.Th>
                <Table.Th>{t('channels.deliveries.columns.at')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <DeliveryRow key={d.id} delivery={d} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(page > 1 || list.data?.hasMore) && (
        <Group justify="center" gap="sm">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
            disabled={page === 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
            data-testid="deliveries-newer"
          >
            {t('channels.deliveries.newer')}
          </Button>
          <Text size="sm" data-testid="deliveries-page">
            {t('channels.deliveries.page', { page })}
          </Text>
          <Button
            variant="subtle"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
            disabled={!list.data?.hasMore || list.isPlaceholderData}
            onClick={() => setPage((p) => p + 1)}
            data-testid="deliveries-older"
          >
            {t('channels.deliveries.older')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** /sessoes: what a channel's outbound webhook sent (event, outcome, attempts, error) and a test ping. */
export function WebhookDeliveriesModal({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!channel}
      onClose={onClose}
      size="xl"
      title={t('channels.deliveries.title', { name: channel?.name ?? '' })}
    >
      {channel && <Deliveries key={channel.id} channel={channel} />}
    </Modal>
  );
}
