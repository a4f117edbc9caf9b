import { SegmentedControl } from '@mantine/core';
import type { Tenant, TenantStatus } from '@prosa/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import { CrudToolbar, SearchBox } from '../../shared/crud/crud-toolbar';
import { toastError } from '../../shared/errors/toast-error';
import { notifySuccess } from '../../shared/ui/notify';
import { TenantFormModal } from './tenant-form-modal';
import { TenantInvoicesModal } from './tenant-invoices-modal';
import { TenantUsersModal } from './tenant-users-modal';
import { notOperator, TENANT_COLUMNS, tenantMenuActions, tenantRowAttrs } from './tenants-columns';
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
  const [usersOf, setUsersOf] = useState<Tenant | null>(null);
  const [invoicesOf, setInvoicesOf] = useState<Tenant | null>(null);

  // The list is one answer: the search filters it here, as the user types.
  const term = search.trim().toLowerCase();
  const rows = (tenants.data ?? []).filter(
    (x) => !term || x.name.toLowerCase().includes(term) || x.email.toLowerCase().includes(term),
  );
  const toggleMutate = toggle.mutate;
  const addMonthMutate = addMonth.mutate;
  const actions = useMemo(
    () =>
      tenantMenuActions({
        onUsers: setUsersOf,
        onInvoices: setInvoicesOf,
        onToggle: (x) =>
          toggleMutate(x.id, { onSuccess: () => notifySuccess(t('tenants.statusChanged')), onError: toastError }),
        onAddMonth: (x) =>
          addMonthMutate(x.id, { onSuccess: () => notifySuccess(t('tenants.monthAdded')), onError: toastError }),
      }),
    [toggleMutate, addMonthMutate, t],
  );

  const toolbar = (
    <CrudToolbar testId="tenant">
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as TenantStatus)}
        data={[
          { value: 'active', label: t('tenants.filterActive') },
          { value: 'inactive', label: t('tenants.filterInactive') },
        ]}
        data-testid="tenant-status-filter"
      />
      <SearchBox
        label={t('tenants.search')}
        value={search}
        onChange={setSearch}
        width={300}
        testId="tenant-search"
      />
    </CrudToolbar>
  );

  return (
    <>
      <CrudPage
        testId="tenant"
        texts={{
          title: 'tenants.title',
          subtitle: 'tenants.subtitle',
          add: 'tenants.add',
          deleteTitle: 'tenants.deleteTitle',
          deleteConfirm: 'tenants.deleteConfirm',
          deleted: 'tenants.deleted',
          deleting: 'tenants.deleting',
        }}
        toolbar={toolbar}
        query={tenants}
        rows={rows}
        columns={TENANT_COLUMNS}
        rowAttrs={tenantRowAttrs}
        actions={actions}
        minWidth={900}
        empty={{ title: t('tenants.empty') }}
        remove={remove}
        deleteInMenu
        deletable={notOperator}
        renderForm={({ item, ...slot }) => <TenantFormModal {...slot} tenant={item} />}
      />
      <TenantUsersModal tenant={usersOf} onClose={() => setUsersOf(null)} />
      <TenantInvoicesModal tenant={invoicesOf} onClose={() => setInvoicesOf(null)} />
    </>
  );
}
