import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconListDetails, IconTags, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTenantDate, useTenantPlan } from '../../shared/api/tenant-queries';
import { isOperatorSession } from '../../shared/auth/session';
import { useSession } from '../../shared/auth/use-session';
import { daysUntil, formatIsoDate } from '../../shared/format/date';
import { PageHeader } from '../../shared/ui/page-header';
import { UsageBar } from '../../shared/ui/usage-bar';
import { QUEUES_RESOURCE, TAGS_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { useTenants, useUsersTotal } from '../tenants/use-tenants';
import { useUsers } from '../users/use-users';
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

function OperatorCards() {
  const { t } = useTranslation();
  const tenants = useTenants('active');
  const total = useUsersTotal();
  return (
    <>
      <Title order={4} mt="xl" mb="md">
        {t('home.platform')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        <StatCard
          testId="stat-companies"
          label={t('home.companiesActive')}
          value={tenants.data?.length ?? '—'}
          loading={tenants.isPending}
          icon={IconBuildingSkyscraper}
          color="indigo"
          to="/empresas"
          linkLabel={t('home.manage')}
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
    </>
  );
}

/** The admin's landing page (named route home-dashboard): real totals of the company. */
export function HomeDashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const users = useUsers('', 1);
  const queues = useColorItems(QUEUES_RESOURCE);
  const tags = useColorItems(TAGS_RESOURCE);
  const plan = useTenantPlan();
  const date = useTenantDate();
  const online = users.data && !users.data.hasMore ? users.data.users.filter((u) => u.isOnline).length : null;
  const p = plan.data?.plan;

  return (
    <>
      <PageHeader title={t('home.greeting', { name: session?.username ?? '' })} subtitle={t('home.subtitle')} />
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
      {isOperatorSession(session) && <OperatorCards />}
    </>
  );
}
