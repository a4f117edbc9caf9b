import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconTags, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTenantDate, useTenantPlan } from '../../shared/api/tenant-queries';
import { isAdminProfile, isOperatorSession } from '../../shared/auth/session';
import { useSession } from '../../shared/auth/use-session';
import { daysUntil, formatIsoDate } from '../../shared/format/date';
import { PageHeader } from '../../shared/ui/page-header';
import { UsageBar } from '../../shared/ui/usage-bar';
import { QUEUES_RESOURCE, TAGS_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { useUsers } from '../users/use-users';
import { CompanyDashboard } from './company-dashboard';
import { SaasDashboardCards } from './saas-dashboard';
import { StatCard } from './stat-card';

function DueBadge({ dueDate }: { dueDate: string | null }) {
  const { t } = useTranslation();
  const days = daysUntil(dueDate);
  if (days === null)
    return (
      <Badge variant="light" color="gray">
        {t('home.noDueDate')}
      </Badge>
    );
  if (days < 0) return <Badge color="red">{t('home.overdue')}</Badge>;
  if (days === 0) return <Badge color="orange">{t('home.dueToday')}</Badge>;
  return (
    <Badge variant="light" color={days <= 5 ? 'orange' : 'teal'}>
      {t('home.dueIn', { count: days })}
    </Badge>
  );
}

/**
 * The dashboard (named route home-dashboard, / and /home): the admin's landing page, with the
 * company's totals and plan; supervisors reach it from the menu and see the service figures of
 * the tickets they may see.
 */
export function HomeDashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const admin = isAdminProfile(session?.profile);
  return (
    <>
      <PageHeader title={t('home.greeting', { name: session?.username ?? '' })} subtitle={t('home.subtitle')} />
      {admin && <CompanyCards />}
      <CompanyDashboard bulk={admin} />
      {isOperatorSession(session) && <SaasDashboardCards />}
    </>
  );
}

/** The admin's company at a glance: users, queues, tags, plan usage and due date. */
function CompanyCards() {
  const { t } = useTranslation();
  const users = useUsers('', 1);
  const queues = useColorItems(QUEUES_RESOURCE);
  const tags = useColorItems(TAGS_RESOURCE);
  const plan = useTenantPlan();
  const date = useTenantDate();
  const online = users.data && !users.data.hasMore ? users.data.users.filter((u) => u.isOnline).length : null;
  const p = plan.data?.plan;

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <StatCard
          testId="stat-users"
          label={t('home.users')}
          value={users.data?.count ?? '—'}
          loading={users.isPending}
          icon={IconUsers}
          color="blue"
          hint={online !== null ? t('home.usersOnline', { count: online }) : undefined}
          to="/usuarios"
          linkLabel={t('home.manage')}
        />
        <StatCard
          testId="stat-queues"
          label={t('home.queues')}
          value={queues.data?.length ?? '—'}
          loading={queues.isPending}
          icon={IconListDetails}
          color="prosa"
          hint={queues.data ? t('home.activeCount', { count: queues.data.filter((q) => q.active).length }) : undefined}
          to="/filas"
          linkLabel={t('home.manage')}
        />
        <StatCard
          testId="stat-tags"
          label={t('home.tags')}
          value={tags.data?.length ?? '—'}
          loading={tags.isPending}
          icon={IconTags}
          color="pink"
          hint={tags.data ? t('home.activeCount', { count: tags.data.filter((q) => q.active).length }) : undefined}
          to="/etiquetas"
          linkLabel={t('home.manage')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="lg">
        <Paper p="lg" data-testid="home-plan">
          <Group justify="space-between" mb="md">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('home.plan')}
              </Text>
              <Title order={3}>{p ? p.name : t('home.noPlan')}</Title>
            </Stack>
          </Group>
          {plan.data && (
            <Stack gap="md">
              <UsageBar
                label={t('home.usageUsers')}
                used={plan.data.usage.users}
                max={p?.maxUsers ?? 0}
                ofText={t('home.usageOf', { used: plan.data.usage.users, max: p?.maxUsers ?? '—' })}
              />
              <UsageBar
                label={t('home.usageConnections')}
                used={plan.data.usage.connections}
                max={p?.maxConnections ?? 0}
                ofText={t('home.usageOf', { used: plan.data.usage.connections, max: p?.maxConnections ?? '—' })}
              />
            </Stack>
          )}
        </Paper>
        <Paper p="lg" data-testid="home-due-date">
          <Text size="sm" c="dimmed">
            {t('home.dueDate')}
          </Text>
          <Title order={3} mb="sm">
            {date.data ? formatIsoDate(date.data.dueDate) : '—'}
          </Title>
          {date.data && <DueBadge dueDate={date.data.dueDate} />}
        </Paper>
      </SimpleGrid>
    </>
  );
}
