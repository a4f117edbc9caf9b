import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ZSignup, type Plan } from '@prosa/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { http } from '../../shared/api/client';
import { usePlatformPublic } from '../../shared/api/use-platform-public';
import { formatMoney } from '../../shared/format/money';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { LoadingBlock } from '../../shared/ui/query-state';
import { AuthShell } from './auth-shell';
import type { LoginState } from './login.page';

type SignupForm = z.input<typeof ZSignup>;
const FIELDS = ['name', 'whatsapp', 'responsible', 'email', 'password', 'confirmPassword', 'planId', 'setupToken'];

/** Trial sign-up of a new company (SPEC §2 /signup). */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A reseller's link fills its setup token in (SPEC §6: /signup?setup-token=...).
  const [search] = useSearchParams();
  const platform = usePlatformPublic();
  const plans = useQuery({ queryKey: ['plans', 'public'], queryFn: () => http.get<Plan[]>('/plans/public') });
  const form = useForm<SignupForm, unknown, z.output<typeof ZSignup>>({
    resolver: zodResolver(ZSignup),
    defaultValues: {
      name: '',
      whatsapp: '',
      responsible: '',
      email: '',
      password: '',
      confirmPassword: '',
      planId: '',
      setupToken: search.get('setup-token') ?? '',
    },
  });
  const fieldError = useFieldError(form.formState.errors);
  const signup = useMutation({
    mutationFn: (values: z.output<typeof ZSignup>) =>
      http.post<{ tenantId: number }>('/empresa/signup', values, { loading: true }),
    // The login page confirms the new account where the user looks next, with the email filled in.
    onSuccess: (_res, values) => navigate('/login', { state: { signedUpEmail: values.email } satisfies LoginState }),
    onError: (err) =>
      handleFormError(err, form.setError, FIELDS, {
        ERR_EMAIL_ALREADY_EXISTS: 'email',
        ERR_RESELLER_TOKEN_ONLY: 'setupToken',
      }),
  });

  const planOptions = (plans.data ?? []).map((p) => ({
    value: String(p.id),
    label: t('auth.signup.planOption', {
      name: p.name,
      users: p.maxUsers,
      connections: p.maxConnections,
      value: formatMoney(p.value),
    }),
  }));

  const footer = (
    <Text size="sm" ta="center" c="dimmed" mt="md">
      {t('auth.signup.haveAccount')}{' '}
      <Anchor component={Link} to="/login" fw={600} data-testid="login-link">
        {t('auth.signup.login')}
      </Anchor>
    </Text>
  );

  if (platform.isPending) {
    return (
      <AuthShell title={t('auth.signup.title')} wide>
        <LoadingBlock />
      </AuthShell>
    );
  }
  if (platform.data && !platform.data.allowSignup) {
    return (
      <AuthShell title={t('auth.signup.title')}>
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} data-testid="signup-disabled">
          {t('auth.signup.disabled')}
        </Alert>
        {footer}
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')} wide>
      <form onSubmit={form.handleSubmit((v) => signup.mutate(v))} noValidate>
        <Stack>
          <TextInput
            label={t('auth.signup.companyName')}
            {...form.register('name')}
            error={fieldError('name')}
            data-testid="signup-name"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('auth.signup.responsible')}
              {...form.register('responsible')}
              error={fieldError('responsible')}
              data-testid="signup-responsible"
            />
            <TextInput
              label={t('auth.signup.whatsapp')}
              description={t('auth.signup.whatsappHint')}
              inputMode="tel"
              {...form.register('whatsapp')}
              error={fieldError('whatsapp')}
              data-testid="signup-whatsapp"
            />
          </SimpleGrid>
          <TextInput
            label={t('auth.signup.email')}
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={fieldError('email')}
            data-testid="signup-email"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('auth.signup.password')}
              autoComplete="new-password"
              {...form.register('password')}
              error={fieldError('password')}
              data-testid="signup-password"
            />
            <PasswordInput
              label={t('auth.signup.confirmPassword')}
              autoComplete="new-password"
              {...form.register('confirmPassword')}
              error={fieldError('confirmPassword')}
              data-testid="signup-confirm-password"
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="planId"
            render={({ field }) => (
              <Select
                label={t('auth.signup.plan')}
                data={planOptions}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                nothingFoundMessage={t('auth.signup.noPlans')}
                error={fieldError('planId')}
                data-testid="signup-plan"
              />
            )}
          />
          <TextInput
            label={t('resellers.setupToken')}
            description={t(
              platform.data?.signupNeedsToken ? 'resellers.setupTokenRequired' : 'resellers.setupTokenOptional',
            )}
            withAsterisk={platform.data?.signupNeedsToken}
            autoComplete="off"
            {...form.register('setupToken')}
            error={fieldError('setupToken')}
            data-testid="signup-setup-token"
          />
          <Button type="submit" size="md" fullWidth loading={signup.isPending} data-testid="signup-submit">
            {t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
      {footer}
    </AuthShell>
  );
}
