import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ZLogin } from '@prosa/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { usePlatformPublic } from '../../shared/api/use-platform-public';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { AuthShell } from './auth-shell';
import { useLogin } from './use-login';

type LoginForm = z.input<typeof ZLogin>;
/** What the sign-up hands over when it sends the new user here. */
export interface LoginState {
  signedUpEmail?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const signedUpEmail = (useLocation().state as LoginState | null)?.signedUpEmail;
  const login = useLogin();
  const platform = usePlatformPublic();
  const { message } = useErrorMessage();
  const form = useForm<LoginForm, unknown, z.output<typeof ZLogin>>({
    resolver: zodResolver(ZLogin),
    defaultValues: { email: signedUpEmail ?? '', password: '' },
  });
  const fieldError = useFieldError(form.formState.errors);
  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, { onError: (err) => handleFormError(err, form.setError, ['email', 'password']) }),
  );
  const failed = login.isError && !form.formState.errors.email && !form.formState.errors.password;

  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {signedUpEmail && !failed && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="login-signed-up">
              {t('auth.login.signedUp', { email: signedUpEmail })}
            </Alert>
          )}
          {failed && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="login-error">
              {message(login.error)}
            </Alert>
          )}
          <TextInput
            label={t('auth.login.email')}
            type="email"
            autoComplete="username"
            autoFocus={!signedUpEmail}
            {...form.register('email')}
            error={fieldError('email')}
            data-testid="login-email"
          />
          <PasswordInput
            label={t('auth.login.password')}
            autoComplete="current-password"
            autoFocus={!!signedUpEmail}
            {...form.register('password')}
            error={fieldError('password')}
            data-testid="login-password"
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/recuperar-senha" size="sm" data-testid="forgot-link">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending} data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
          {platform.data?.allowSignup && (
            <Text size="sm" ta="center" c="dimmed">
              {t('auth.login.noAccount')}{' '}
              <Anchor component={Link} to="/signup" fw={600} data-testid="signup-link">
                {t('auth.login.signup')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </AuthShell>
  );
}
