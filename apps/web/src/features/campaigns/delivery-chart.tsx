import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CAMPAIGN_CONTACT_STATUSES, type Campaign } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { STATE_COLORS } from './campaign-bits';

/** The campaign's contacts by delivery state: a bar per state, and the totals beside it. */
export function DeliveryChart({ counts, total }: { counts: Campaign['counts']; total: number }) {
  const { t } = useTranslation();
  const data = CAMPAIGN_CONTACT_STATUSES.map((s) => ({
    state: s,
    label: t(`campaigns.states.${s}`),
    count: counts[s],
  }));
  return (
    <Paper p="md" data-testid="campaign-chart">
      <Title order={4} mb="sm">
        {t('campaigns.chart')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <div style={{ width: '100%', height: 220 }} aria-hidden>
          <ResponsiveContainer>
            {/* No keyboard layer: the chart is hidden from assistive technology, the totals beside it say the same. */}
            <BarChart data={data} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" fontSize={11} interval={0} angle={-20} textAnchor="end" height={50} />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Bar dataKey="count" isAnimationActive={false}>
                {data.map((d) => (
                  <Cell key={d.state} fill={STATE_COLORS[d.state]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        {/* The same figures as text: the chart is hidden from screen readers. */}
        <Stack gap={4} data-testid="campaign-totals">
          {data.map((d) => (
            <Group key={d.state} justify="space-between" data-state={d.state}>
              <Text size="sm">{d.label}</Text>
              <Text size="sm" fw={600} data-testid={`campaign-total-${d.state}`}>
                {d.count}
              </Text>
            </Group>
          ))}
          <Group justify="space-between">
            <Text size="sm" fw={700}>
              {t('campaigns.total')}
            </Text>
            <Text size="sm" fw={700} data-testid="campaign-total">
              {total}
            </Text>
          </Group>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
