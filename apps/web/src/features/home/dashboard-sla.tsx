import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Dashboard } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDuration, formatShare } from './dashboard-period';

function Durations({ title, d, testId }: { title: string; d: Dashboard['sla']['firstResponse']; testId: string }) {
  const { t, i18n } = useTranslation();
  const row = (label: string, v: number | null, key: string) => (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={600} data-testid={`${testId}-${key}`}>
        {formatDuration(v, i18n.language)}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={600}>{title}</Text>
      {row(t('dashboard.p50'), d.p50, 'p50')}
      {row(t('dashboard.p90'), d.p90, 'p90')}
      {row(t('dashboard.average'), d.avg, 'avg')}
    </Stack>
  );
}

const minutes = (s: number | null) => (s === null ? null : Math.round(s / 6) / 10);

/** First response and resolution (p50, p90, average), the share within the target, the ratings and the daily trend. */
export function DashboardSla({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const { sla, ratings } = data;
  const trend = data.trend.map((d) => ({
    day: d.day.slice(5),
    within: d.withinTarget === null ? null : Math.round(d.withinTarget * 1000) / 10,
    first: minutes(d.firstResponseP50),
    resolution: minutes(d.resolutionP50),
  }));
  return (
    <Paper p="md" mt="lg" data-testid="dashboard-sla">
      <Title order={5} mb="sm">
        {t('dashboard.sla')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        <Durations title={t('dashboard.firstResponse')} d={sla.firstResponse} testId="dashboard-first-response" />
        <Durations title={t('dashboard.resolution')} d={sla.resolution} testId="dashboard-resolution" />
        <Stack gap={4}>
          <Text fw={600}>{t('dashboard.withinTarget', { minutes: sla.targetMinutes })}</Text>
          <Text fz={28} fw={700} data-testid="dashboard-within-target">
            {formatShare(sla.withinTargetShare, i18n.language)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('dashboard.withinTargetHint', { within: sla.withinTarget, needing: sla.needingAnswer })}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text fw={600}>{t('dashboard.ratings')}</Text>
          <Text fz={28} fw={700} data-testid="dashboard-ratings">
            {ratings.average === null
              ? '—'
              : ratings.average.toLocaleString(i18n.language, { maximumFractionDigits: 2 })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('dashboard.ratingsCount', { count: ratings.count })}
          </Text>
        </Stack>
      </SimpleGrid>
      <Text fw={600} mt="lg" mb="xs">
        {t('dashboard.trend')}
      </Text>
      <div style={{ width: '100%', height: 260 }} data-testid="dashboard-trend" aria-hidden>
        <ResponsiveContainer>
          <LineChart data={trend} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" fontSize={11} />
            <YAxis yAxisId="share" domain={[0, 100]} fontSize={11} />
            <YAxis yAxisId="minutes" orientation="right" fontSize={11} />
            <Tooltip />
            <Legend />
            <Line
              yAxisId="share"
              dataKey="within"
              name={t('dashboard.trendWithin')}
              stroke="#12b886"
              connectNulls
              isAnimationActive={false}
            />
            <Line
              yAxisId="minutes"
              dataKey="first"
              name={t('dashboard.trendFirstP50')}
              stroke="#4c6ef5"
              connectNulls
              isAnimationActive={false}
            />
            <Line
              yAxisId="minutes"
              dataKey="resolution"
              name={t('dashboard.trendResolutionP50')}
              stroke="#fd7e14"
              connectNulls
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <Text size="xs" c="dimmed">
        {t('dashboard.timezone', { timezone: data.period.timezone })}
      </Text>
    </Paper>
  );
}
