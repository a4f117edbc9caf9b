import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { ApiConfigWithToken } from '@prosa/contracts';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { curlExample } from './use-api-configs';

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      onFocus={(e) => e.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      data-testid={testId}
      rightSection={
        <CopyButton value={value} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('apiConfigs.copied') : t('apiConfigs.copy')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`${t('apiConfigs.copy')}: ${label}`}
                data-testid={`${testId}-copy`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

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
          <CopyField label={t('apiConfigs.token')} value={shown.token} testId="api-token" />
          <CopyField label={t('apiConfigs.hookSecret')} value={shown.hookSecret} testId="api-hook-secret" />
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
