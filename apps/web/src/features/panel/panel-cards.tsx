import { Anchor, Badge, Card, ColorSwatch, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PanelQueue, PanelUser } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { waitColor, waitText } from './panel-format';

const PRESENCE_COLOR = { online: 'teal', idle: 'yellow', offline: 'gray' } as const;

function Wait({ since, now, testId }: { since: string | null; now: number; testId?: string }) {
  const { t } = useTranslation();
  const text = waitText(since, now);
  return (
    <Badge variant="light" color={waitColor(since, now)} data-testid={testId}>
      {text ? t('panel.since', { time: text }) : t('panel.noWait')}
    </Badge>
  );
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

const userAttrs = (u: PanelUser) => ({
  'data-testid': 'panel-user',
  'data-user-id': u.id,
  'data-name': u.name,
  'data-open': u.open,
  'data-pending': u.pending,
  'data-waiting': u.waiting,
});

export function UserCards({ users, now }: { users: PanelUser[]; now: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
      {users.map((u) => (
        <Card key={u.id} withBorder padding="md" {...userAttrs(u)}>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Title order={4} lineClamp={1}>
              {u.name}
            </Title>
            <Badge color={PRESENCE_COLOR[u.presence]} variant="dot">
              {t(`panel.presence.${u.presence}`)}
            </Badge>
          </Group>
          <Group justify="space-around" mb="xs">
            <Count label={t('panel.open')} value={u.open} testId="panel-user-open" />
            <Count label={t('panel.pending')} value={u.pending} testId="panel-user-pending" />
            <Count label={t('panel.waiting')} value={u.waiting} testId="panel-user-waiting" />
          </Group>
          <Group justify="space-between" mb={4}>
            <Text size="xs" c="dimmed">
              {t('panel.longestWait')}
            </Text>
            <Wait since={u.oldestWaitingAt} now={now} />
          </Group>
          <Stack gap={2}>
            {u.tickets.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('panel.noTickets')}
              </Text>
            )}
            {u.tickets.map((tk) => (
              <Group key={tk.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="panel-ticket" data-ticket-id={tk.id}>
                <Anchor component={Link} to={`/atendimento/${tk.id}`} size="sm" lineClamp={1} aria-label={t('panel.openTicket', { name: tk.contactName })}>
                  {tk.contactName}
                </Anchor>
                {tk.waiting ? <Wait since={tk.lastInboundAt} now={now} /> : <Badge variant="outline" color="gray">{t(`panel.${tk.status}`)}</Badge>}
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function UserTable({ users, now }: { users: PanelUser[]; now: number }) {
  const { t } = useTranslation();
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('panel.user')}</Table.Th>
          <Table.Th>{t('panel.open')}</Table.Th>
          <Table.Th>{t('panel.pending')}</Table.Th>
          <Table.Th>{t('panel.waiting')}</Table.Th>
          <Table.Th>{t('panel.longestWait')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((u) => (
          <Table.Tr key={u.id} {...userAttrs(u)}>
            <Table.Td>
              <Badge color={PRESENCE_COLOR[u.presence]} variant="dot" size="lg" tt="none">
                {u.name}
              </Badge>
            </Table.Td>
            <Table.Td>{u.open}</Table.Td>
            <Table.Td>{u.pending}</Table.Td>
            <Table.Td>{u.waiting}</Table.Td>
            <Table.Td>
              <Wait since={u.oldestWaitingAt} now={now} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const queueAttrs = (q: PanelQueue) => ({
  'data-testid': 'panel-queue',
  'data-queue-id': q.id ?? 'none',
  'data-open': q.open,
  'data-pending': q.pending,
  'data-waiting': q.waiting,
});

export function QueueCards({ queues, now }: { queues: PanelQueue[]; now: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
      {queues.map((q) => (
        <Card key={q.id ?? 'none'} withBorder padding="md" style={{ borderTop: `4px solid ${q.color}` }} {...queueAttrs(q)}>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Title order={4} lineClamp={1}>
              {q.id === null ? t('panel.noQueue') : q.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('panel.agentsOnline')}: {q.agentsOnline}/{q.agents}
            </Text>
          </Group>
          <Group justify="space-around" mb="xs">
            <Count label={t('panel.open')} value={q.open} testId="panel-queue-open" />
            <Count label={t('panel.pending')} value={q.pending} testId="panel-queue-pending" />
            <Count label={t('panel.unassigned')} value={q.unassigned} testId="panel-queue-unassigned" />
            <Count label={t('panel.waiting')} value={q.waiting} testId="panel-queue-waiting" />
          </Group>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('panel.longestWait')}
            </Text>
            <Wait since={q.oldestWaitingAt} now={now} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function QueueTable({ queues, now }: { queues: PanelQueue[]; now: number }) {
  const { t } = useTranslation();
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('panel.queue')}</Table.Th>
          <Table.Th>{t('panel.open')}</Table.Th>
          <Table.Th>{t('panel.pending')}</Table.Th>
          <Table.Th>{t('panel.unassigned')}</Table.Th>
          <Table.Th>{t('panel.waiting')}</Table.Th>
          <Table.Th>{t('panel.longestWait')}</Table.Th>
          <Table.Th>{t('panel.agentsOnline')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {queues.map((q) => (
          <Table.Tr key={q.id ?? 'none'} {...queueAttrs(q)}>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={q.color} size={12} withShadow={false} aria-hidden />
                <Text size="sm">{q.id === null ? t('panel.noQueue') : q.name}</Text>
              </Group>
            </Table.Td>
            <Table.Td>{q.open}</Table.Td>
            <Table.Td>{q.pending}</Table.Td>
            <Table.Td>{q.unassigned}</Table.Td>
            <Table.Td>{q.waiting}</Table.Td>
            <Table.Td>
              <Wait since={q.oldestWaitingAt} now={now} />
            </Table.Td>
            <Table.Td>
              {q.agentsOnline}/{q.agents}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
