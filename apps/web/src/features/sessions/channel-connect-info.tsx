import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconPlugConnected } from '@tabler/icons-react';
import { isMetaChannelType, type Channel } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../shared/ui/copy-field';

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
            <Code
              block
              style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              data-testid="channel-embed-code"
            >
              {code}
            </Code>
            <CopyButton value={code} timeout={1500}>
              {({ copied, copy }) => (
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'blue'}
                  onClick={copy}
                  aria-label={t('channels.webhook.copy')}
                >
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
        <CopyField
          copyText={t('channels.webhook.copy')}
          copiedText={t('channels.webhook.copied')}
          label={t('channels.webhook.url')}
          value={channel.webhook.url}
          testId="channel-webhook-url"
        />
        {channel.webhook.verifyToken && (
          <CopyField
            copyText={t('channels.webhook.copy')}
            copiedText={t('channels.webhook.copied')}
            label={t('channels.webhook.verifyToken')}
            value={channel.webhook.verifyToken}
            testId="channel-verify-token"
          />
        )}
      </Stack>
    </Alert>
  );
}
