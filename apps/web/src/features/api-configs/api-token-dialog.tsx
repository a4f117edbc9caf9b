import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiConfigWithToken } from '@prosa/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../shared/ui/copy-field';
import { curlExample } from './use-api-configs';

/** The token and hook secret, shown once after create or renew, with the curl example filled in. */
export function ApiTokenDialog({ shown, onClose }: { shown: ApiConfigWithToken | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={!!shown} onClose={onClose} title={t('apiConfigs.tokenTitle')} size="lg" closeOnClickOutside={false}>
      {shown && (
        <Stack data-testid="api-token-dialog">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('apiConfigs.tokenWarning')}
          </Alert>
          <CopyField
            copyText={t('apiConfigs.copy')}
            copiedText={t('apiConfigs.copied')}
            label={t('apiConfigs.token')}
            value={shown.token}
            testId="api-token"
          />
          <CopyField
            copyText={t('apiConfigs.copy')}
            copiedText={t('apiConfigs.copied')}
            label={t('apiConfigs.hookSecret')}
            value={shown.hookSecret}
            testId="api-hook-secret"
          />
          <Text size="sm" fw={600}>
            {t('apiConfigs.curlTitle')}
          </Text>
          <Code block data-testid="api-curl">
            {curlExample(shown.apiConfig.id, t('apiConfigs.tokenPlaceholder'))}
          </Code>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="api-token-done">
              {t('apiConfigs.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
