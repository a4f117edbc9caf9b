import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { ZForgotPassword } from '@prosa/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { http } from '../../shared/api/client';
import { currentLanguage } from '../../shared/i18n/i18n';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';

type Values = z.output<typeof ZForgotPassword>;

export function RequestCodeForm({
  onSent,
  defaultEmail = '',
}: {
  onSent: (email: string) => void;
  defaultEmail?: string;
}) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof ZForgotPassword>, unknown, Values>({
    resolver: zodResolver(ZForgotPassword),
    defaultValues: { email: defaultEmail },
  });
  const fieldError = useFieldError(form.formState.errors);
  const send = useMutation({
    // The language shown here is the mail's, unless the user chose one (kept on the server).
    mutationFn: (values: Values) =>
      http.post('/auth/forgot-password/', { ...values, language: currentLanguage() }, { authCall: true, loading: true }),
    onSuccess: (_res, values) => onSent(values.email),
    onError: (err) => handleFormError(err, form.setError, ['email']),
  });
  return (
    <form onSubmit={form.handleSubmit((v) => send.mutate(v))} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('auth.recover.emailIntro')}
        </Text>
        <TextInput
          label={t('auth.recover.email')}
          type="email"
          autoComplete="email"
          autoFocus
          {...form.register('email')}
          error={fieldError('email')}
          data-testid="recover-email"
        />
        <Button type="submit" fullWidth loading={send.isPending} data-testid="recover-send">
          {t('auth.recover.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}
