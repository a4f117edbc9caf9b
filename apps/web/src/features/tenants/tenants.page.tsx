import { Button, Group, Paper, SegmentedControl, TextInput } from '@mantine/core';
import type { Tenant, TenantStatus } from '@prosa/contracts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../shared/errors/toast-error';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { TenantFormModal } from './tenant-form-modal';
import { TenantUsersModal } from './tenant-users-modal';
import { TenantsTable } from './tenants-table';
import { useAddTenantMonth, useDeleteTenant, useTenants, useToggleTenantStatus } from './use-tenants';

/** Operator: companies of the platform (SPEC §2 /empresas). */
export function TenantsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TenantStatus>('active');
  const [search, setSearch] = useState('');
  const tenants = useTenants(status);
  const toggle = useToggleTenantStatus();
  const addMonth = useAddTenantMonth();
  const remove = useDeleteTenant();
  const [editing, setEditing] = useState<Tenant | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [usersOf, setUsersOf] = useState<Tenant | null>(null);
  const [deleting, setDeleting] = useState<Tenant | null>(null);

  const open = (tenant: Tenant | null) => {
    setEditing(tenant);
    setFormOpen(true);
  };
  const term = search.trim().toLowerCase();
  const rows = (tenants.data ?? []).filter(
    (x) => !term || x.name.toLowerCase().includes(term) || x.email.toLowerCase().includes(term),
  );

  return (
    <>
      <PageHeader
        title={t('tenants.title')}
        subtitle={t('tenants.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="tenant-add">
            {t('tenants.add')}
          </Button>
        }
      />
      <Paper p="md" mb="md">
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            value={status}
            onChange={(v) => setStatus(v as TenantStatus)}
            data={[
              { value: 'active', label: t('tenants.filterActive') },
              { value: 'inactive', label: t('tenants.filterInactive') },
            ]}
            data-testid="tenant-status-filter"
          />
          <TextInput
            placeholder={t('tenants.search')}
            aria-label={t('tenants.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
            data-testid="tenant-search"
          />
        </Group>
      </Paper>
      <Paper p={0}>
        {tenants.isPending ? (
          <LoadingBlock />
        ) : tenants.isError ? (
          <ErrorBlock error={tenants.error} onRetry={() => void tenants.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title={t('tenants.empty')} />
        ) : (
          <TenantsTable
            tenants={rows}
            actions={{
              onEdit: open,
              onUsers: setUsersOf,
              onToggle: (x) =>
                toggle.mutate(x.id, {
                  onSuccess: () => notifySuccess(t('tenants.statusChanged')),
                  onError: toastError,
                }),
              onAddMonth: (x) =>
                addMonth.mutate(x.id, { onSuccess: () => notifySuccess(t('tenants.monthAdded')), onError: toastError }),
              onDelete: setDeleting,
            }}
          />
        )}
      </Paper>
      <TenantFormModal opened={formOpen} tenant={editing} onClose={() => setFormOpen(false)} />
      <TenantUsersModal tenant={usersOf} onClose={() => setUsersOf(null)} />
      <ConfirmDialog
        opened={!!deleting}
        title={t('tenants.deleteTitle')}
        message={remove.isPending ? t('tenants.deleting') : t('tenants.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => notifySuccess(t('tenants.deleted')),
            onError: toastError,
            onSettled: () => setDeleting(null),
          })
        }
        onClose={() => !remove.isPending && setDeleting(null)}
      />
    </>
  );
}
