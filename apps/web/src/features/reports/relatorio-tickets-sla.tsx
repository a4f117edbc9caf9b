import { Group, Paper, Table, Text, Title } from '@mantine/core';
import type { SlaFigures, TicketsReportTotals } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDuration, formatShare } from '../home/dashboard-period';

const minutes = (s: number | null) => (s === null ? null : Math.round(s / 6) / 10);

/** Above the table: the tickets by state, the target, and the trend by day (created, first response p50, share within target). */
export function TicketsSlaSummary({ totals }: { totals: TicketsReportTotals }) {
  const { t } = useTranslation();
  const trend = totals.trend.map((d) => ({
    day: d.day.slice(5),
    created: d.created,
    first: minutes(d.firstResponseP50),
    within: d.withinTargetShare === null ? null : Math.round(d.withinTargetShare * 1000) / 10,
  }));
  return (
    <Paper withBorder p="md" mb="md" data-testid="report-tickets-summary">
      <Group gap="xl" mb="sm">
        <Text fw={600}>{t('reportsService.tickets.byStatus')}</Text>
        {(['open', 'pending', 'closed'] as const).map((s) => (
          <Text key={s} size="sm">
            {t(`reportsService.tickets.statuses.${s}`)}:{' '}
            <Text span fw={700} data-testid={`report-status-${s}`}>
              {totals.byStatus[s]}
            </Text>
          </Text>
        ))}
      </Group>
      <Text fw={600} mb="xs">
        {t('reportsService.tickets.trend')}
      </Text>
      <div
        style={{ width: '100%', height: 240 }}
        data-testid="report-tickets-trend"
        data-days={trend.length}
        aria-hidden
      >
        <ResponsiveContainer>
          <LineChart data={trend} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" fontSize={11} />
            <YAxis yAxisId="count" fontSize={11} allowDecimals={false} />
            <YAxis yAxisId="right" orientation="right" fontSize={11} />
            <Tooltip />
            <Legend />
            <Line
              yAxisId="count"
              dataKey="created"
              name={t('reportsService.tickets.created')}
              stroke="#4c6ef5"
              isAnimationActive={false}
            />
            <Line
              yAxisId="right"
              dataKey="first"
              name={t('reportsService.tickets.firstResponseP50')}
              stroke="#fd7e14"
              connectNulls
              isAnimationActive={false}
            />
            <Line
              yAxisId="right"
              dataKey="within"
              name={t('reportsService.tickets.withinTargetShare')}
              stroke="#12b886"
              connectNulls
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </Paper>
  );
}

type Group = SlaFigures & { key: string; name: string };

function SlaTable({ title, groups, testId }: { title: string; groups: Group[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const d = (v: number | null) => formatDuration(v, i18n.language);
  const heads = [
    'count',
    'firstResponseP50',
    'firstResponseP90',
    'resolutionP50',
    'resolutionP90',
    'withinTarget',
  ] as const;
  return (
    <>
      <Text fw={600} mt="md" mb="xs">
        {title}
      </Text>
      <Table withTableBorder striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reportsService.tickets.group')}</Table.Th>
            {heads.map((h) => (
              <Table.Th key={h} ta="right">
                {t(`reportsService.tickets.${h}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={g.key} data-testid={`${testId}-row`} data-name={g.name}>
              <Table.Td>{g.name}</Table.Td>
              <Table.Td ta="right" data-testid="sla-tickets">
                {g.tickets}
              </Table.Td>
              <Table.Td ta="right">{d(g.firstResponseP50)}</Table.Td>
              <Table.Td ta="right">{d(g.firstResponseP90)}</Table.Td>
              <Table.Td ta="right">{d(g.resolutionP50)}</Table.Td>
              <Table.Td ta="right">{d(g.resolutionP90)}</Table.Td>
              <Table.Td ta="right" data-testid="sla-within">
                {g.withinTarget}/{g.needingAnswer} ({formatShare(g.withinTargetShare, i18n.language)})
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

/** Under the table: the service levels overall, per queue and per agent (p50 / p90, within the target). */
export function TicketsSlaTables({ totals }: { totals: TicketsReportTotals }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" mt="md" data-testid="report-tickets-sla">
      <Title order={5}>{t('reportsService.tickets.sla', { minutes: totals.targetMinutes })}</Title>
      <SlaTable
        title={t('reportsService.tickets.overall')}
        testId="report-sla-overall"
        groups={[{ key: 'all', name: t('reportsService.tickets.overall'), ...totals.overall }]}
      />
      <SlaTable
        title={t('reportsService.tickets.byQueue')}
        testId="report-sla-queues"
        groups={totals.byQueue.map((q) => ({
          ...q,
          key: String(q.queueId),
          name: q.name ?? t('reportsService.tickets.noQueue'),
        }))}
      />
      <SlaTable
        title={t('reportsService.tickets.byAgent')}
        testId="report-sla-agents"
        groups={totals.byAgent.map((a) => ({
          ...a,
          key: String(a.userId),
          name: a.name ?? t('reportsService.tickets.noAgent'),
        }))}
      />
    </Paper>
  );
}
