import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { CallInfo } from '@prosa/contracts';
import { IconPhoneIncoming, IconPhoneOutgoing } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TKey } from '../../shared/crud/types';
import { formatDateTime } from '../../shared/format/date';
import { connectSocket } from '../../shared/realtime/socket';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { formatCallDuration } from './call-format';
import { RecordingPlayer } from './recording-player';
import { callKeys, useTicketCalls } from './use-calls-api';

const STATUS_COLOR: Record<string, string> = {
  answered: 'teal',
  ended: 'teal',
  missed: 'orange',
  rejected: 'red',
  failed: 'red',
};

/** The ticket's calls (SPEC §3 Call info), newest first, live through the `call:log` event. */
export function CallsTab({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const calls = useTicketCalls(ticketId);

  useEffect(() => {
    const socket = connectSocket();
    const onLog = (info: Partial<CallInfo> | undefined) => {
      if (!info || info.ticketId === ticketId || info.ticketId == null)
        void qc.invalidateQueries({ queryKey: callKeys.ticket(ticketId) });
    };
    socket.on('call:log', onLog);
    return () => void socket.off('call:log', onLog);
  }, [qc, ticketId]);

  if (calls.isPending) return <LoadingBlock />;
  if (calls.isError) return <ErrorBlock error={calls.error} onRetry={() => void calls.refetch()} />;
  if (calls.data.length === 0) return <EmptyState title={t('calls.list.empty')} />;
  return (
      <Stack gap="xs" data-testid="ticket-calls">
        {calls.data.map((c) => (
          <Paper key={c.id} p="xs" data-testid="ticket-call" data-status={c.status} data-direction={c.direction}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={6} wrap="nowrap">
                {c.direction === 'in' ? <IconPhoneIncoming size={16} aria-hidden /> : <IconPhoneOutgoing size={16} aria-hidden />}
                <Text size="sm" fw={600}>
                  {t(`reportsLists.direction.${c.direction}`)}
                </Text>
              </Group>
              <Badge variant="light" color={STATUS_COLOR[c.status] ?? 'gray'}>
                {t(`reportsLists.callStatus.${c.status}` as TKey, { defaultValue: c.status })}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {c.active_start_date ? formatDateTime(c.active_start_date) : ''}
              {c.duration > 0 ? ` · ${t('calls.list.duration', { duration: formatCallDuration(c.duration) })}` : ''}
            </Text>
            {(c.userName || c.whatsapp_instance) && (
              <Text size="xs" c="dimmed">
                {[c.userName ? t('calls.list.by', { user: c.userName }) : null, c.whatsapp_instance].filter(Boolean).join(' · ')}
              </Text>
            )}
            {c.recordingAvailable && <RecordingPlayer callLogId={c.id} />}
          </Paper>
        ))}
      </Stack>
  );
}
