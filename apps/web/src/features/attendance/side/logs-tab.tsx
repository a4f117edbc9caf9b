import { Anchor, Stack, Text, Timeline } from '@mantine/core';
import { IconCircleDot, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../shared/i18n/i18n';
import { formatDateTime } from '../../../shared/format/date';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../shared/ui/query-state';
import { useTicketLogs, type TicketLog } from '../api/use-ticket-side';
import { foldViews } from '../chat/timeline';

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

/**
 * Consecutive views of the ticket as one line ("Viewed 3 times"), listed when opened: every view
 * stays in the history (SPEC §4), but a closed ticket looked at later does not read as reopened.
 */
function Views({ logs }: { logs: TicketLog[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const last = logs[logs.length - 1]!;
  if (logs.length === 1)
    return (
      <>
        <Text size="xs" c="dimmed">
          {who(last)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(last.createdAt)}
        </Text>
      </>
    );
  return (
    <Stack gap={2}>
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={() => setOpen(!open)}
        data-testid="side-log-views-toggle"
      >
        {open ? t('ticketLog.hideViews') : t('ticketLog.showViews')}
      </Anchor>
      {(open ? [...logs].reverse() : []).map((log) => (
        <Text key={log.id} size="xs" c="dimmed" data-testid="side-log-view">
          {who(log)} · {formatDateTime(log.createdAt)}
        </Text>
      ))}
    </Stack>
  );
}

export function LogsTab({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const logs = useTicketLogs(ticketId);
  if (logs.isPending) return <LoadingBlock />;
  if (logs.isError) return <ErrorBlock error={logs.error} onRetry={() => void logs.refetch()} />;
  if (logs.data.length === 0) return <EmptyState title={t('desk.side.noLogs')} />;
  const items = foldViews(logs.data).reverse();
  return (
    <Timeline bulletSize={18} lineWidth={2} active={items.length} data-testid="side-logs">
      {items.map((item) =>
        item.kind === 'views' ? (
          <Timeline.Item
            key={`views-${item.logs[0]!.id}`}
            bullet={<IconEye size={10} />}
            title={
              item.logs.length === 1 ? logText('access') : t('ticketLog.accessFolded', { count: item.logs.length })
            }
            data-testid="side-log"
            data-type="access"
            data-count={item.logs.length}
          >
            <Views logs={item.logs} />
          </Timeline.Item>
        ) : (
          <Timeline.Item
            key={item.log.id}
            bullet={<IconCircleDot size={10} />}
            title={logText(item.log.type)}
            data-testid="side-log"
            data-type={item.log.type}
          >
            <Text size="xs" c="dimmed">
              {who(item.log)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.log.createdAt)}
            </Text>
          </Timeline.Item>
        ),
      )}
    </Timeline>
  );
}
