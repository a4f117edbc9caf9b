import { Paper, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import type { SaasDashboard } from '@prosa/contracts';
import {
  IconAlertTriangle,
  IconBuildingSkyscraper,
  IconCash,
  IconClockHour4,
  IconPlayerPause,
  IconReceipt2,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { http } from '../../shared/api/client';
import { formatMoney } from '../../shared/format/money';
import { useUsersTotal } from '../tenants/use-tenants';
import { StatCard } from './stat-card';

const useSaasDashboard = () =>
  useQuery({
    queryKey: ['admin', 'saas-dashboard'],
    queryFn: () => http.get<SaasDashboard>('/admin/dashboard', { query: { days: 30 } }),
  });

function SignupsChart({ signups }: { signups: SaasDashboard['signups'] }) {
  const { t } = useTranslation();
  const data = signups.map((s) => ({ ...s, label: s.day.slice(5).split('-').reverse().join('/') }));
  return (
    <Paper p="md" data-testid="saas-signups">
      <Title order={5} mb="sm">
        {t('saas.signups')}
      </Title>
      <div style={{ width: '100%', height: 220 }} aria-hidden>
        <ResponsiveContainer>
          <BarChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" fontSize={11} interval={4} />
            <YAxis allowDecimals={false} fontSize={11} />
            <Tooltip />
            <Bar dataKey="count" name={t('saas.signupsCount')} fill="#4c6ef5" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* The same figures as text, for screen readers and the browser journeys. */}
      <VisuallyHidden component="ul" data-testid="saas-signups-rows">
        {data.map((s) => (
          <li key={s.day} data-day={s.day}>
            {s.day}: {s.count}
          </li>
        ))}
      </VisuallyHidden>
    </Paper>
  );
}

/** The platform operator's dashboard: companies by state, revenue, the month's invoices, sign-ups. */
export function SaasDashboardCards() {
  const { t } = useTranslation();
  const saas = useSaasDashboard();
  const total = useUsersTotal();
  const d = saas.data;
  const loading = saas.isPending;
  return (
    <>
      <Title order={4} mt="xl" mb="md">
        {t('home.platform')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        <StatCard
          testId="stat-companies"
          label={t('home.companiesActive')}
          value={d?.companies.active ?? '—'}
          loading={loading}
          icon={IconBuildingSkyscraper}
          color="indigo"
          to="/empresas"
          linkLabel={t('home.manage')}
        />
        <StatCard testId="saas-trial" label={t('saas.trial')} value={d?.companies.trial ?? '—'} loading={loading} icon={IconClockHour4} color="cyan" />
        <StatCard testId="saas-overdue" label={t('saas.overdue')} value={d?.companies.overdue ?? '—'} loading={loading} icon={IconAlertTriangle} color="red" />
        <StatCard testId="saas-inactive" label={t('saas.inactive')} value={d?.companies.inactive ?? '—'} loading={loading} icon={IconPlayerPause} color="gray" />
        <StatCard testId="saas-mrr" label={t('saas.mrr')} value={d ? formatMoney(d.mrr) : '—'} loading={loading} icon={IconCash} color="teal" />
        <StatCard
          testId="saas-paid"
          label={t('saas.paidThisMonth')}
          value={d ? formatMoney(d.invoices.paidValue) : '—'}
          hint={d ? t('saas.invoiceCount', { count: d.invoices.paidCount }) : undefined}
          loading={loading}
          icon={IconReceipt2}
          color="green"
        />
        <StatCard
          testId="saas-open"
          label={t('saas.openThisMonth')}
          value={d ? formatMoney(d.invoices.openValue) : '—'}
          hint={d ? t('saas.invoiceCount', { count: d.invoices.openCount }) : undefined}
          loading={loading}
          icon={IconReceipt2}
          color="orange"
        />
        <StatCard
          testId="stat-platform-users"
          label={t('home.platformUsers')}
          value={total.data?.total ?? '—'}
          loading={total.isPending}
          icon={IconUsersGroup}
          color="grape"
        />
      </SimpleGrid>
      {d && (
        <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
          <SignupsChart signups={d.signups} />
        </div>
      )}
      {saas.isError && (
        <Text c="red" size="sm" mt="sm">
          {t('saas.error')}
        </Text>
      )}
    </>
  );
}
