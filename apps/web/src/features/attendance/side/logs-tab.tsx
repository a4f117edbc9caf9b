import { Text, Timeline } from '@mantine/core';
import { IconCircleDot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../shared/i18n/i18n';
import { formatDateTime } from '../../../shared/format/date';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../shared/ui/query-state';
import { useTicketLogs, type TicketLog } from '../api/use-ticket-side';

/** A log type (SPEC §4, DOMAIN.md names) in words; an unknown one keeps its name. */
export function logText(type: string): string {
  const key = `ticketLog.${type}`;
  return i18n.exists(key) ? (i18n.t as (k: string) => string)(key) : i18n.t('ticketLog.unknown', { type });
}

function who(log: TicketLog): string {
  const parts = [log.user?.name ?? i18n.t('ticketLog.system')];
  if (log.queue) parts.push(log.queue.name);
  return parts.join(' · ');
}

export function LogsTab({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const logs = useTicketLogs(ticketId);
  if (logs.isPending) return <LoadingBlock />;
  if (logs.isError) return <ErrorBlock error={logs.error} onRetry={() => void logs.refetch()} />;
  if (logs.data.length === 0) return <EmptyState title={t('desk.side.noLogs')} />;
  return (
    <Timeline bulletSize={18} lineWidth={2} active={logs.data.length} data-testid="side-logs">
      {[...logs.data].reverse().map((log) => (
        <Timeline.Item
          key={log.id}
          bullet={<IconCircleDot size={10} />}
          title={logText(log.type)}
          data-testid="side-log"
          data-type={log.type}
        >
          <Text size="xs" c="dimmed">
            {who(log)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(log.createdAt)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
