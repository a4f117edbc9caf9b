import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PROFILES, ZAdminUserUpdate, type User } from '@prosa/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { notifySuccess } from '../../shared/ui/notify';
import { useUpdateTenantUser } from './use-tenants';

/** Operator: fix a company user's name, e-mail, profile or password (ZAdminUserUpdate). */
export function TenantUserForm({ tenantId, user, onDone }: { tenantId: number; user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateTenantUser(tenantId);
  const form = useForm<z.input<typeof ZAdminUserUpdate>, unknown, z.output<typeof ZAdminUserUpdate>>({
    resolver: zodResolver(ZAdminUserUpdate),
    defaultValues: { name: user.name, email: user.email, profile: user.profile, password: '' },
  });
  const fieldError = useFieldError(form.formState.errors);
  const onSubmit = form.handleSubmit(({ password, ...rest }) =>
    update.mutate(
      { userId: user.id, values: { ...rest, ...(password ? { password } : {}) } },
      {
        onSuccess: () => {
          notifySuccess(t('tenants.userUpdated'));
          onDone();
        },
        onError: (err) =>
          handleFormError(err, form.setError, ['name', 'email', 'profile', 'password'], {
            ERR_EMAIL_ALREADY_EXISTS: 'email',
          }),
      },
    ),
  );

  return (
    <Paper p="md" bg="var(--mantine-color-default-hover)" withBorder={false}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('tenants.editUser')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('users.name')}
              {...form.register('name')}
              error={fieldError('name')}
              data-testid="tenant-user-name"
            />
            <TextInput
              label={t('users.email')}
              type="email"
              {...form.register('email')}
              error={fieldError('email')}
              data-testid="tenant-user-email"
            />
            <Controller
              control={form.control}
              name="profile"
              render={({ field }) => (
                <Select
                  label={t('users.profile')}
                  data={PROFILES.map((p) => ({ value: p, label: t(`profiles.${p}`) }))}
                  value={field.value}
                  onChange={(v) => v && field.onChange(v)}
                  allowDeselect={false}
                  data-testid="tenant-user-profile"
                />
              )}
            />
            <PasswordInput
              label={t('users.passwordKeep')}
              description={t('users.passwordKeepHint')}
              autoComplete="new-password"
              {...form.register('password')}
              error={fieldError('password')}
              data-testid="tenant-user-password"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="xs" loading={update.isPending} data-testid="tenant-user-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
