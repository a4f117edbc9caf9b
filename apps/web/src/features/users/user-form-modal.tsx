import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { PROFILES, ZCreateUser, ZUpdateUser, type Profile, type User } from '@prosa/contracts';
import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { notifySuccess } from '../../shared/ui/notify';
import { QUEUES_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { useSaveUser } from './use-users';

interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  queues: number[];
  ignoreWallet: boolean;
  blockMultipleLogins: boolean;
}
const FIELDS = ['name', 'email', 'password', 'profile', 'queues', 'ignoreWallet', 'blockMultipleLogins'];

function initialValues(user: User | null): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    profile: user?.profile ?? 'user',
    queues: user?.queues.map((q) => q.id) ?? [],
    ignoreWallet: user?.ignoreWallet ?? false,
    blockMultipleLogins: user?.blockMultipleLogins ?? false,
  };
}

/** Create (ZCreateUser) or edit (ZUpdateUser) a user; the profile is editable only where `can.changeProfile`. */
export function UserFormModal({ opened, user, onClose }: { opened: boolean; user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const queues = useColorItems(QUEUES_RESOURCE);
  const canChangeProfile = !user || user.can.changeProfile;
  const form = useForm<UserFormValues>({
    resolver: zodResolver(user ? ZUpdateUser : ZCreateUser) as unknown as Resolver<UserFormValues>,
    defaultValues: initialValues(user),
  });
  const fieldError = useFieldError(form.formState.errors);

  useEffect(() => {
    if (opened) form.reset(initialValues(user));
  }, [opened, user, form]);

  const onSubmit = form.handleSubmit((values) => {
    const { password, profile, ...rest } = values;
    const payload = user
      ? { ...rest, ...(canChangeProfile ? { profile } : {}), ...(password ? { password } : {}) }
      : { ...rest, profile, password };
    save.mutate(
      { id: user?.id, values: payload },
      {
        onSuccess: () => {
          notifySuccess(t(user ? 'users.updated' : 'users.created'));
          onClose();
        },
        onError: (err) => handleFormError(err, form.setError, FIELDS, { ERR_EMAIL_ALREADY_EXISTS: 'email' }),
      },
    );
  });

  const queueOptions = (queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }));
  return (
    <Modal opened={opened} onClose={onClose} title={t(user ? 'users.editTitle' : 'users.createTitle')} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('users.name')}
              data-autofocus
              {...form.register('name')}
              error={fieldError('name')}
              data-testid="user-name"
            />
            <TextInput
              label={t('users.email')}
              type="email"
              {...form.register('email')}
              error={fieldError('email')}
              data-testid="user-email"
            />
            <PasswordInput
              label={user ? t('users.passwordKeep') : t('users.password')}
              description={user ? t('users.passwordKeepHint') : undefined}
              autoComplete="new-password"
              {...form.register('password')}
              error={fieldError('password')}
              data-testid="user-password"
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
                  disabled={!canChangeProfile}
                  error={fieldError('profile')}
                  data-testid="user-profile"
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="queues"
            render={({ field }) => (
              <MultiSelect
                label={t('users.queues')}
                placeholder={field.value.length ? undefined : t('users.queuesPlaceholder')}
                data={queueOptions}
                value={field.value.map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
                searchable
                clearable
                error={fieldError('queues')}
                data-testid="user-queues"
              />
            )}
          />
          <Controller
            control={form.control}
            name="ignoreWallet"
            render={({ field }) => (
              <Switch
                label={t('users.ignoreWallet')}
                description={t('users.ignoreWalletHint')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="blockMultipleLogins"
            render={({ field }) => (
              <Switch
                label={t('users.blockMultipleLogins')}
                description={t('users.blockMultipleLoginsHint')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="user-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
