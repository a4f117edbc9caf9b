import { Badge, Group, Stack, Text } from '@mantine/core';
import { OPERATOR_TENANT_ID, type Tenant } from '@prosa/contracts';
import { IconCalendarPlus, IconPlayerPause, IconPlayerPlay, IconReceipt2, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CrudColumn, RowAction } from '../../shared/crud/types';
import { formatIsoDate, isPastDue } from '../../shared/format/date';

function NameCell({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          {tenant.name}
        </Text>
        {tenant.id === OPERATOR_TENANT_ID && (
          <Badge size="xs" variant="outline">
            {t('tenants.operator')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {[tenant.responsible, tenant.email].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

function PlanCell({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm">{tenant.planName ?? '—'}</Text>
      <Text size="xs" c="dimmed">
        {t(`tenants.recurrences.${tenant.recurrence}`)}
      </Text>
    </Stack>
  );
}

function DueDateCell({ tenant }: { tenant: Tenant }) {
  const overdue = isPastDue(tenant.dueDate);
  return (
    <Text size="sm" c={overdue ? 'red' : undefined} fw={overdue ? 600 : undefined} data-testid="tenant-due-date">
      {formatIsoDate(tenant.dueDate)}
    </Text>
  );
}

function StatusCell({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={tenant.status === 'active' ? 'teal' : 'gray'}>
      {tenant.status === 'active' ? t('tenants.statusActive') : t('tenants.statusInactive')}
    </Badge>
  );
}

export const TENANT_COLUMNS: CrudColumn<Tenant>[] = [
  { key: 'name', header: 'tenants.name', render: (x) => <NameCell tenant={x} /> },
  { key: 'phone', header: 'tenants.phone', render: (x) => <Text size="sm">{x.phone || '—'}</Text> },
  { key: 'plan', header: 'tenants.plan', render: (x) => <PlanCell tenant={x} /> },
  { key: 'dueDate', header: 'tenants.dueDate', render: (x) => <DueDateCell tenant={x} /> },
  { key: 'users', header: 'tenants.users', align: 'right', render: (x) => x.usersCount },
  {
    key: 'reseller',
    header: 'resellers.companyReseller',
    testId: 'tenant-reseller',
    render: (x) => <Text size="sm">{x.resellerName ?? '—'}</Text>,
  },
  { key: 'status', header: 'common.status', render: (x) => <StatusCell tenant={x} /> },
];

export const tenantRowAttrs = (x: Tenant) => ({ 'data-name': x.name });
/** The operator's own company cannot be switched off or deleted. */
export const notOperator = (x: Tenant) => x.id !== OPERATOR_TENANT_ID;

/** The "more" menu of a company: its users, its invoices, a month more, on and off. */
export function tenantMenuActions(handlers: {
  onUsers: (x: Tenant) => void;
  onInvoices: (x: Tenant) => void;
  onAddMonth: (x: Tenant) => void;
  onToggle: (x: Tenant) => void;
}): RowAction<Tenant>[] {
  return [
    {
      key: 'users',
      label: 'tenants.viewUsers',
      icon: <IconUsers size={16} />,
      onClick: handlers.onUsers,
      testId: 'tenant-users',
      inMenu: true,
    },
    {
      key: 'invoices',
      label: 'billing.viewInvoices',
      icon: <IconReceipt2 size={16} />,
      onClick: handlers.onInvoices,
      testId: 'tenant-invoices',
      visible: notOperator,
      inMenu: true,
    },
    {
      key: 'addMonth',
      label: 'tenants.addMonth',
      icon: <IconCalendarPlus size={16} />,
      onClick: handlers.onAddMonth,
      testId: 'tenant-add-month',
      inMenu: true,
    },
    {
      key: 'toggle',
      label: (x) => (x.status === 'active' ? 'tenants.deactivate' : 'tenants.activate'),
      icon: (x) => (x.status === 'active' ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />),
      onClick: handlers.onToggle,
      testId: 'tenant-toggle',
      visible: notOperator,
      inMenu: true,
    },
  ];
}
