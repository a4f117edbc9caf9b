import { Group, Text } from '@mantine/core';
import type { TicketLog } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { logText } from '../side/logs-tab';
import { timeOf } from '../ui/format';

type Side = { id: number; name: string } | null;
/** i18next's `t`, loosened to plain keys: these keys are built from the log's shape. */
type T = (key: string, options?: Record<string, string>) => string;

/** One side of a transfer: "Vendas (Diego Alves)", "Vendas", "Diego Alves" or "no queue". */
function sideText(t: T, queue: Side, user: Side): string {
  if (queue && user) return t('ticketLog.line.side', { queue: queue.name, user: user.name });
  return queue?.name ?? user?.name ?? t('ticketLog.line.noQueue');
}

/** The sentence of a log line in the conversation: a transfer names both sides and who did it. */
export function timelineText(t: T, log: TicketLog): string {
  const by = log.user?.name ?? t('ticketLog.system');
  if (log.type === 'transfered' && log.transfer) {
    const { fromQueue, fromUser, toQueue, toUser } = log.transfer;
    return t('ticketLog.line.transfer', {
      from: sideText(t, fromQueue, fromUser),
      to: sideText(t, toQueue, toUser),
      by,
    });
  }
  return `${logText(log.type)} · ${by}`;
}

/** A ticket event between the messages (a centred chip, like the day separator). */
export function TimelineLine({ log }: { log: TicketLog }) {
  const { t } = useTranslation();
  return (
    <Group justify="center" my={6} data-testid="chat-event" data-type={log.type}>
      <Text size="xs" c="dimmed" className="prosa-system-msg" ta="center">
        {timelineText(t as unknown as T, log)} · {timeOf(log.createdAt)}
      </Text>
    </Group>
  );
}
