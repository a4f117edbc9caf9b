import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, PinInput, Stack, Text } from '@mantine/core';
import { ZResetPassword } from '@prosa/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/api-error';
import { http } from '../../shared/api/client';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { notifySuccess } from '../../shared/ui/notify';

type Values = z.output<typeof ZResetPassword>;
const FIELDS = ['code', 'password', 'confirmPassword'];

export function ResetPasswordForm({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = useErrorMessage();
  const form = useForm<z.input<typeof ZResetPassword>, unknown, Values>({
    resolver: zodResolver(ZResetPassword),
    defaultValues: { email, code: '', password: '', confirmPassword: '' },
  });
  const fieldError = useFieldError(form.formState.errors);
  const resend = useMutation({
    mutationFn: () => http.post('/auth/forgot-password/', { email, language: currentLanguage() }, { authCall: true }),
    onSuccess: () => notifySuccess(t('auth.recover.codeIntro', { email })),
  });
  const reset = useMutation({
    mutationFn: (values: Values) => http.post('/auth/reset-password/', values, { authCall: true, loading: true }),
    onSuccess: () => {
      notifySuccess(t('auth.recover.success'));
      navigate('/login');
    },
    onError: (err) => handleFormError(err, form.setError, FIELDS),
  });
  const failure = reset.error instanceof ApiError && reset.error.code !== 'ERR_VALIDATION' ? reset.error : null;

  return (
    <form onSubmit={form.handleSubmit((v) => reset.mutate(v))} noValidate>
      <Stack>
        <Text size="sm" c="dimmed" data-testid="recover-code-intro">
          {t('auth.recover.codeIntro', { email })}
        </Text>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="reset-error">
            {message(failure)}
          </Alert>
        )}
        <Stack gap={6}>
          <Text size="sm" fw={500} component="label" htmlFor="recover-code">
            {t('auth.recover.code')}
          </Text>
          <Controller
            control={form.control}
            name="code"
            render={({ field }) => (
              <PinInput
                id="recover-code"
                length={6}
                type="number"
                oneTimeCode
                value={field.value}
                onChange={field.onChange}
                error={!!form.formState.errors.code}
                aria-label={t('auth.recover.code')}
                data-testid="recover-code"
              />
            )}
          />
          {fieldError('code') && (
            <Text size="xs" c="red">
              {fieldError('code')}
            </Text>
          )}
        </Stack>
        <PasswordInput
          label={t('auth.recover.newPassword')}
          autoComplete="new-password"
          {...form.register('password')}
          error={fieldError('password')}
          data-testid="recover-password"
        />
        <PasswordInput
          label={t('auth.recover.confirmPassword')}
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          error={fieldError('confirmPassword')}
          data-testid="recover-confirm-password"
        />
        <Button type="submit" fullWidth loading={reset.isPending} data-testid="recover-submit">
          {t('auth.recover.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => resend.mutate()}
            data-testid="recover-resend"
          >
            {t('auth.recover.resend')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
            {t('auth.recover.changeEmail')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
