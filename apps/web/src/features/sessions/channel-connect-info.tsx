import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconPlugConnected } from '@tabler/icons-react';
import { isMetaChannelType, type Channel } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

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
            <Tooltip label={copied ? t('channels.webhook.copied') : t('channels.webhook.copy')} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`${t('channels.webhook.copy')}: ${label}`}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

/**
 * What the admin pastes elsewhere: the webhook URL and verify token for the Meta panel, or the
 * web chat widget's embed code for the company's site. Telegram's webhook is registered by Prosa.
 */
export function ChannelConnectInfo({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  if (channel.widget) {
    const code = `<script src="${channel.widget.scriptUrl}" data-key="${channel.widget.key}" async></script>`;
    return (
      <Alert variant="light" color="blue" icon={<IconPlugConnected size={18} />} title={t('channels.widget.title')}>
        <Stack gap="xs">
          <Text size="sm">{t('channels.widget.hint')}</Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="channel-embed-code">
              {code}
            </Code>
            <CopyButton value={code} timeout={1500}>
              {({ copied, copy }) => (
                <ActionIcon variant="light" color={copied ? 'teal' : 'blue'} onClick={copy} aria-label={t('channels.webhook.copy')}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (!channel.webhook || !isMetaChannelType(channel.type)) return null;
  return (
    <Alert variant="light" color="blue" icon={<IconPlugConnected size={18} />} title={t('channels.webhook.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('channels.webhook.metaHint')}</Text>
        <CopyField label={t('channels.webhook.url')} value={channel.webhook.url} testId="channel-webhook-url" />
        {channel.webhook.verifyToken && (
          <CopyField
            label={t('channels.webhook.verifyToken')}
            value={channel.webhook.verifyToken}
            testId="channel-verify-token"
          />
        )}
      </Stack>
    </Alert>
  );
}
