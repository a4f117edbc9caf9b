import { Button, Group, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { Channel } from '@prosa/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { randomSecret, type ChannelFormValues } from './channel-form';

interface Props {
  form: UseFormReturn<ChannelFormValues>;
  fieldError: (name: string) => string | undefined;
  editing: Channel | null;
}

/** The outbound webhook, audio transcription, proxy and (WhatsApp Web) the import of older messages. */
export function ChannelIntegrationFields({ form, fieldError, editing }: Props) {
  const { t } = useTranslation();
  const [type, webhookUrl, importing] = form.watch(['type', 'webhookUrl', 'importOptions.enabled']);
  const keep = (masked: string | undefined, hint?: string) =>
    editing && masked ? t('channels.form.secretKeep', { masked }) : hint;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('channels.form.webhookUrl')}
        description={t('channels.form.webhookUrlHint')}
        placeholder="https://"
        {...form.register('webhookUrl')}
        error={fieldError('webhookUrl')}
        data-testid="channel-webhook-url-input"
      />
      {webhookUrl.trim() && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('channels.form.webhookSecret')}
            description={keep(editing?.webhookSecret, t('channels.form.webhookSecretHint'))}
            autoComplete="off"
            {...form.register('webhookSecret')}
            error={fieldError('webhookSecret')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Button variant="default" onClick={() => form.setValue('webhookSecret', randomSecret(), { shouldDirty: true })}>
            {t('channels.form.generate')}
          </Button>
        </Group>
      )}
      <PasswordInput
        label={t('channels.form.transcriptionKey')}
        description={keep(editing?.transcriptionKey)}
        autoComplete="off"
        {...form.register('transcriptionKey')}
        error={fieldError('transcriptionKey')}
      />
      <TextInput
        label={t('channels.form.proxy')}
        description={t('channels.form.proxyHint')}
        {...form.register('proxy')}
        error={fieldError('proxy')}
      />
      {type === 'whatsapp' && (
        <Stack gap={6}>
          <Controller
            control={form.control}
            name="importOptions.enabled"
            render={({ field }) => (
              <Switch
                label={t('channels.form.importEnabled')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          {importing && (
            <>
              <SimpleGrid cols={2} spacing="sm">
                <TextInput type="date" label={t('channels.form.importFrom')} {...form.register('importOptions.from')} error={fieldError('importOptions.from')} />
                <TextInput type="date" label={t('channels.form.importTo')} {...form.register('importOptions.to')} error={fieldError('importOptions.to')} />
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {t('channels.form.importHint')}
              </Text>
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
