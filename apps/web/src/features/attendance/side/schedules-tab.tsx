import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../shared/ui/query-state';
import { useContactSchedules } from '../api/use-ticket-side';

const STATUS_COLOR: Record<string, string> = { pending: 'blue', sent: 'teal', error: 'red' };

/** The contact's scheduled messages (list only; they are managed on /agendamentos). */
export function SchedulesTab({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const list = useContactSchedules(contactId);
  if (list.isPending) return <LoadingBlock />;
  if (list.isError) return <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data === 'unavailable') return <EmptyState title={t('desk.side.schedulesUnavailable')} />;
  if (list.data.length === 0) return <EmptyState title={t('desk.side.noSchedules')} />;
  return (
    <Stack gap="xs" data-testid="side-schedules">
      {list.data.map((s) => (
        <Paper key={s.id} p="xs" radius="md" data-testid="schedule">
          <Group justify="space-between" mb={4} wrap="nowrap">
            <Text size="xs" fw={600}>
              {formatDateTime(s.sendAt)}
            </Text>
            <Badge size="xs" variant="light" color={STATUS_COLOR[s.status] ?? 'gray'}>
              {s.status in STATUS_COLOR ? t(`desk.side.scheduleStatus.${s.status as 'pending'}`) : s.status}
            </Badge>
          </Group>
          <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
            {s.body}
          </Text>
          {s.repeatCount > 0 && (
            <Text size="xs" c="dimmed" mt={2}>
              {t('desk.side.repeats', { count: s.repeatCount })}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
