import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthShell } from './auth-shell';
import { RequestCodeForm } from './request-code-form';
import { ResetPasswordForm } from './reset-password-form';

/** Password recovery (SPEC §2): e-mail -> 6-digit code sent by mail -> new password. Path not linked publicly but from login. */
export function RecoverPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthShell title={t('auth.recover.title')}>
      {email === null ? (
        <RequestCodeForm onSent={setEmail} />
      ) : (
        <ResetPasswordForm email={email} onChangeEmail={() => setEmail(null)} />
      )}
      <Text size="sm" ta="center" mt="md">
        <Anchor component={Link} to="/login" data-testid="back-to-login">
          {t('auth.recover.backToLogin')}
        </Anchor>
      </Text>
    </AuthShell>
  );
}
