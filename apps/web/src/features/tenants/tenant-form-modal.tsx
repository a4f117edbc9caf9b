import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  RECURRENCES,
  ZTenantCreate,
  ZTenantUpdate,
  type Tenant,
  type TenantCreate,
  type TenantUpdate,
} from '@prosa/contracts';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { todayLocalIso } from '../../shared/format/date';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { notifySuccess } from '../../shared/ui/notify';
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
const FIELDS = [
  'name',
  'phone',
  'email',
  'planId',
  'dueDate',
  'recurrence',
  'adminName',
  'adminEmail',
  'adminPassword',
];

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

/** Operator: create a company with its first admin (ZTenantCreate) or edit one (ZTenantUpdate). */
export function TenantFormModal({
  opened,
  tenant,
  onClose,
}: {
  opened: boolean;
  tenant: Tenant | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTenant();
  const plans = usePlans();
  const form = useForm<TenantFormValues>({
    resolver: zodResolver(tenant ? ZTenantUpdate : ZTenantCreate) as unknown as Resolver<TenantFormValues>,
    defaultValues: initialValues(tenant),
  });
  const fieldError = useFieldError(form.formState.errors);

  useEffect(() => {
    if (opened) form.reset(initialValues(tenant));
  }, [opened, tenant, form]);

  // With a resolver, handleSubmit hands over the schema's parsed output (planId a number, admin
  // fields only when creating), which is exactly the body the server expects.
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { id: tenant?.id, values: values as unknown as TenantCreate | TenantUpdate },
      {
        onSuccess: () => {
          notifySuccess(t(tenant ? 'tenants.updated' : 'tenants.created'));
          onClose();
        },
        onError: (err) =>
          handleFormError(err, form.setError, FIELDS, {
            ERR_EMAIL_ALREADY_EXISTS: 'adminEmail',
            ERR_INVALID_DUE_DATE: 'dueDate',
          }),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t(tenant ? 'tenants.editTitle' : 'tenants.createTitle')} size="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('tenants.name')}
              data-autofocus
              {...form.register('name')}
              error={fieldError('name')}
              data-testid="tenant-name"
            />
            <TextInput
              label={t('tenants.phone')}
              inputMode="tel"
              {...form.register('phone')}
              error={fieldError('phone')}
              data-testid="tenant-phone"
            />
            <TextInput
              label={t('tenants.email')}
              type="email"
              {...form.register('email')}
              error={fieldError('email')}
              data-testid="tenant-email"
            />
            <Controller
              control={form.control}
              name="planId"
              render={({ field }) => (
                <Select
                  label={t('tenants.plan')}
                  data={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={fieldError('planId')}
                  data-testid="tenant-plan"
                />
              )}
            />
            <Controller
              control={form.control}
              name="dueDate"
              render={({ field }) => (
                <DateInput
                  label={t('tenants.dueDate')}
                  valueFormat="DD/MM/YYYY"
                  placeholder="dd/mm/aaaa"
                  minDate={todayLocalIso()}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={fieldError('dueDate')}
                  data-testid="tenant-due-date"
                />
              )}
            />
            <Controller
              control={form.control}
              name="recurrence"
              render={({ field }) => (
                <Select
                  label={t('tenants.recurrence')}
                  data={RECURRENCES.map((r) => ({ value: r, label: t(`tenants.recurrences.${r}`) }))}
                  value={field.value}
                  onChange={(v) => v && field.onChange(v)}
                  allowDeselect={false}
                  data-testid="tenant-recurrence"
                />
              )}
            />
          </SimpleGrid>
          {!tenant && (
            <>
              <Divider label={t('tenants.adminSection')} labelPosition="left" mt="xs" />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={t('tenants.adminName')}
                  {...form.register('adminName')}
                  error={fieldError('adminName')}
                  data-testid="tenant-admin-name"
                />
                <TextInput
                  label={t('tenants.adminEmail')}
                  type="email"
                  {...form.register('adminEmail')}
                  error={fieldError('adminEmail')}
                  data-testid="tenant-admin-email"
                />
                <PasswordInput
                  label={t('tenants.adminPassword')}
                  autoComplete="new-password"
                  {...form.register('adminPassword')}
                  error={fieldError('adminPassword')}
                  data-testid="tenant-admin-password"
                />
              </SimpleGrid>
            </>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="tenant-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
