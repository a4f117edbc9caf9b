import { Alert, SimpleGrid, Title } from '@mantine/core';
import {
  IconInbox,
  IconLockOpen,
  IconHourglass,
  IconCircleCheck,
  IconUserPlus,
  IconMessageDown,
  IconMessageUp,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardCharts } from './dashboard-charts';
import { DashboardFilters } from './dashboard-filters';
import { initialFilter } from './dashboard-period';
import { DashboardSla } from './dashboard-sla';
import { DashboardTickets } from './dashboard-tickets';
import { StatCard } from './stat-card';
import { useDashboard } from './use-dashboard';

const CARDS = [
  { key: 'open', icon: IconLockOpen, color: 'blue' },
  { key: 'pending', icon: IconHourglass, color: 'orange' },
  { key: 'created', icon: IconInbox, color: 'indigo' },
  { key: 'closed', icon: IconCircleCheck, color: 'teal' },
  { key: 'newContacts', icon: IconUserPlus, color: 'grape' },
  { key: 'messagesIn', icon: IconMessageDown, color: 'cyan' },
  { key: 'messagesOut', icon: IconMessageUp, color: 'prosa' },
] as const;

/**
 * The company's service figures (GET /dashboard) for a period, queues and channels, as the viewer
 * may see them; `bulk`: the open and pending tickets with bulk close and delete (admins: the routes'
 * level).
 */
export function CompanyDashboard({ bulk }: { bulk: boolean }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(initialFilter);
  const { valid, data, isPending, isError } = useDashboard(filter);
  return (
    <section data-testid="company-dashboard">
      <Title order={4} mt="xl" mb="md">
        {t('dashboard.title')}
      </Title>
      <DashboardFilters value={filter} onChange={setFilter} valid={valid} />
      {isError && (
        <Alert color="red" mt="md" data-testid="dashboard-error">
          {t('dashboard.error')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="md" mt="md">
        {CARDS.map((c) => (
          <StatCard
            key={c.key}
            testId={`dashboard-${c.key}`}
            label={t(`dashboard.${c.key}`)}
            value={data ? data.totals[c.key] : '—'}
            loading={valid && isPending}
            icon={c.icon}
            color={c.color}
          />
        ))}
      </SimpleGrid>
      {data && <DashboardSla data={data} />}
      {data && <DashboardCharts data={data} />}
      {bulk && (
        <DashboardTickets
          key={`${filter.queueIds.join(',')}|${filter.channelIds.join(',')}`}
          filter={{ queueIds: filter.queueIds, channelIds: filter.channelIds }}
        />
      )}
    </section>
  );
}
