import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTenantDate, useTenantPlan } from '../../shared/api/tenant-queries';
import { formatIsoDate } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { UsageBar } from '../../shared/ui/usage-bar';
import { isAdminProfile } from '../../shared/auth/session';
import { useSession } from '../../shared/auth/use-session';
import { InvoicesSection } from './invoices-section';

function Feature({ label, on }: { label: string; on: boolean }) {
  const { t } = useTranslation();
  return (
    <List.Item
      icon={
        <ThemeIcon size={20} radius="xl" color={on ? 'teal' : 'gray'} variant="light">
          {on ? <IconCheck size={13} /> : <IconX size={13} />}
        </ThemeIcon>
      }
    >
      <Text size="sm" span>
        {label}
      </Text>{' '}
      <Text size="xs" c="dimmed" span>
        ({on ? t('financial.included') : t('financial.notIncluded')})
      </Text>
    </List.Item>
  );
}

/** The subscription: plan, usage and due date. The expired-plan guard sends everyone here. */
export function FinancialPage() {
  const { t } = useTranslation();
  const date = useTenantDate();
  const plan = useTenantPlan();
  const dueDate = date.data?.dueDate ?? null;
  const expired = date.data?.expired ?? false;
  const admin = isAdminProfile(useSession()?.profile);

  return (
    <>
      <PageHeader title={t('financial.title')} subtitle={t('financial.subtitle')} />
      <Stack gap="lg">
        {expired && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            title={t('financial.expiredTitle')}
            data-testid="plan-expired"
          >
            {t('financial.expiredText', { date: formatIsoDate(dueDate) })}
          </Alert>
        )}
        {plan.isPending || date.isPending ? (
          <LoadingBlock />
        ) : plan.isError ? (
          <ErrorBlock error={plan.error} onRetry={() => void plan.refetch()} />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <Paper p="lg">
              <Text size="sm" c="dimmed">
                {t('financial.plan')}
              </Text>
              {plan.data.plan ? (
                <>
                  <Title order={3} mt={4} data-testid="financial-plan">
                    {plan.data.plan.name}
                  </Title>
                  <Text size="sm" c="dimmed" mt="md">
                    {t('financial.value')}
                  </Text>
                  <Text fw={700} fz="xl">
                    {formatMoney(plan.data.plan.value)}
                  </Text>
                </>
              ) : (
                <Text mt={4}>{t('financial.noPlan')}</Text>
              )}
            </Paper>
            <Paper p="lg">
              <Text size="sm" c="dimmed">
                {t('financial.dueDate')}
              </Text>
              <Group gap="sm" mt={4} align="center">
                <Title order={3} data-testid="financial-due-date">
                  {formatIsoDate(dueDate)}
                </Title>
                {dueDate && (
                  <Badge color={expired ? 'red' : 'teal'} variant="light">
                    {expired ? t('financial.statusExpired') : t('financial.statusOk')}
                  </Badge>
                )}
              </Group>
            </Paper>
            <Paper p="lg">
              <Text size="sm" c="dimmed" mb="sm">
                {t('financial.usage')}
              </Text>
              <Stack gap="md">
                <UsageBar
                  label={t('financial.users')}
                  used={plan.data.usage.users}
                  max={plan.data.plan?.maxUsers ?? 0}
                  ofText={t('home.usageOf', { used: plan.data.usage.users, max: plan.data.plan?.maxUsers ?? '—' })}
                />
                <UsageBar
                  label={t('financial.connections')}
                  used={plan.data.usage.connections}
                  max={plan.data.plan?.maxConnections ?? 0}
                  ofText={t('home.usageOf', {
                    used: plan.data.usage.connections,
                    max: plan.data.plan?.maxConnections ?? '—',
                  })}
                />
              </Stack>
            </Paper>
            {plan.data.plan && (
              <Paper p="lg" style={{ gridColumn: '1 / -1' }}>
                <Text fw={600} mb="sm">
                  {t('financial.features')}
                </Text>
                <List spacing="xs">
                  <Feature label={t('financial.group')} on={plan.data.plan.group} />
                  <Feature label={t('financial.campaign')} on={plan.data.plan.campaign} />
                  <Feature label={t('financial.integrations')} on={plan.data.plan.integrations} />
                </List>
              </Paper>
            )}
          </SimpleGrid>
        )}
        {admin && <InvoicesSection />}
      </Stack>
    </>
  );
}
