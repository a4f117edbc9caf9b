import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../errors/use-error-message';

export function LoadingBlock() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Loader size="md" />
    </Center>
  );
}

export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const { message } = useErrorMessage();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('common.loadFailed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py={48} data-testid="empty-state">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <IconInbox size={26} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {hint}
        </Text>
      )}
      {action}
    </Stack>
  );
}
