import {
  RECURRENCES,
  ZTenantCreate,
  ZTenantUpdate,
  type Tenant,
  type TenantCreate,
  type TenantUpdate,
} from '@prosa/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormBlock } from '../../shared/crud/form-types';
import { todayLocalIso } from '../../shared/format/date';
import { usePlans } from '../plans/use-plans';
import { useSaveTenant } from './use-tenants';

interface TenantFormValues {
  name: string;
  phone: string;
  email: string;
  planId: string;
  dueDate: string;
  recurrence: (typeof RECURRENCES)[number];
  adminName: string;
  adminEmail: string;
  adminPassword: string;
}

function initialValues(tenant: Tenant | null): TenantFormValues {
  return {
    name: tenant?.name ?? '',
    phone: tenant?.phone ?? '',
    email: tenant?.email ?? '',
    planId: tenant?.planId ? String(tenant.planId) : '',
    dueDate: tenant?.dueDate?.slice(0, 10) ?? dayjs().add(1, 'month').format('YYYY-MM-DD'),
    recurrence: tenant?.recurrence ?? 'MENSAL',
    adminName: '',
    adminEmail: '',
    adminPassword: '',
  };
}

/**
 * Operator: create a company with its first admin (ZTenantCreate) or edit one (ZTenantUpdate).
 * The schema's parsed output (planId a number, admin fields only when creating) is exactly the
 * body the server expects.
 */
export function TenantFormModal({ opened, tenant, onClose }: { opened: boolean; tenant: Tenant | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTenant();
  const plans = usePlans();
  const blocks: FormBlock<TenantFormValues>[] = [
    {
      key: 'company',
      cols: 2,
      fields: [
        { kind: 'text', name: 'name', label: 'tenants.name' },
        { kind: 'text', name: 'phone', label: 'tenants.phone', inputMode: 'tel' },
        { kind: 'email', name: 'email', label: 'tenants.email' },
        {
          kind: 'select',
          name: 'planId',
          label: 'tenants.plan',
          clearable: true,
          options: (plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          testId: 'tenant-plan',
        },
        {
          kind: 'date',
          name: 'dueDate',
          label: 'tenants.dueDate',
          placeholder: 'dd/mm/aaaa',
          minDate: todayLocalIso(),
          testId: 'tenant-due-date',
        },
        {
          kind: 'select',
          name: 'recurrence',
          label: 'tenants.recurrence',
          options: RECURRENCES.map((r) => ({ value: r, label: t(`tenants.recurrences.${r}`) })),
        },
      ],
    },
  ];
  if (!tenant)
    blocks.push({
      key: 'admin',
      title: 'tenants.adminSection',
      cols: 3,
      fields: [
        { kind: 'text', name: 'adminName', label: 'tenants.adminName', testId: 'tenant-admin-name' },
        { kind: 'email', name: 'adminEmail', label: 'tenants.adminEmail', testId: 'tenant-admin-email' },
        { kind: 'password', name: 'adminPassword', label: 'tenants.adminPassword', testId: 'tenant-admin-password' },
      ],
    });
  return (
    <CrudFormModal<TenantFormValues, TenantCreate | TenantUpdate, Tenant>
      opened={opened}
      onClose={onClose}
      item={tenant}
      testId="tenant"
      titles={{ create: 'tenants.createTitle', edit: 'tenants.editTitle' }}
      saved={{ create: 'tenants.created', edit: 'tenants.updated' }}
      schema={tenant ? ZTenantUpdate : ZTenantCreate}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
      codeFields={{ ERR_EMAIL_ALREADY_EXISTS: 'adminEmail', ERR_INVALID_DUE_DATE: 'dueDate' }}
      size="xl"
    />
  );
}
