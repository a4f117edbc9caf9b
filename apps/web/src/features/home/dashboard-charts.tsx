import { Paper, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Dashboard } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

type Group = Dashboard['byChannel'][number];

function GroupChart({ title, groups, none, testId }: { title: string; groups: Group[]; none: string; testId: string }) {
  const { t } = useTranslation();
  const data = groups.slice(0, 12).map((g) => ({ ...g, label: g.id === null ? none : g.name }));
  return (
    <Paper p="md" data-testid={testId}>
      <Title order={5} mb="sm">
        {title}
      </Title>
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.empty')}
        </Text>
      ) : (
        <div style={{ width: '100%', height: 240 }} aria-hidden>
          <ResponsiveContainer>
            <BarChart data={data} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" fontSize={11} interval={0} angle={-20} textAnchor="end" height={50} />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Legend />
              <Bar dataKey="created" name={t('dashboard.created')} fill="#4c6ef5" isAnimationActive={false} />
              <Bar dataKey="closed" name={t('dashboard.closed')} fill="#12b886" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      {/* The same figures as text, for screen readers and the browser journeys. */}
      <VisuallyHidden component="ul" data-testid={`${testId}-rows`}>
        {data.map((g) => (
          <li key={String(g.id)} data-id={g.id ?? ''}>
            {g.label}: {g.created} / {g.closed}
          </li>
        ))}
      </VisuallyHidden>
    </Paper>
  );
}

/** Tickets created and closed in the period per channel, queue and user (the busiest twelve of each). */
export function DashboardCharts({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg" mt="lg">
      <GroupChart
        title={t('dashboard.byChannel')}
        groups={data.byChannel}
        none={t('dashboard.noChannel')}
        testId="dashboard-by-channel"
      />
      <GroupChart
        title={t('dashboard.byQueue')}
        groups={data.byQueue}
        none={t('dashboard.noQueue')}
        testId="dashboard-by-queue"
      />
      <GroupChart
        title={t('dashboard.byUser')}
        groups={data.byUser}
        none={t('dashboard.noUser')}
        testId="dashboard-by-user"
      />
    </SimpleGrid>
  );
}
