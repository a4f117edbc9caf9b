import { Alert, ColorInput, PasswordInput, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { Channel } from '@prosa/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from './channel-form';
import { MetaPagePicker } from './meta-page-picker';

interface Props {
  form: UseFormReturn<ChannelFormValues>;
  fieldError: (name: string) => string | undefined;
  /** The channel being edited: its masked secrets are shown as "leave blank to keep" hints. */
  editing: Channel | null;
}

/** What each provider needs (SPEC §5): a bot token, the Cloud API ids, the page and Instagram account. */
export function ChannelProviderFields({ form, fieldError, editing }: Props) {
  const { t } = useTranslation();
  const type = form.watch('type');
  const keep = (masked: unknown, hint?: string) =>
    editing && typeof masked === 'string' && masked ? t('channels.form.secretKeep', { masked }) : hint;
  const text = (name: `config.${string}`, label: string, testId: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      {...form.register(name)}
      error={fieldError(name)}
      data-testid={testId}
    />
  );

  if (type === 'webchat') {
    return (
      <Stack gap="sm">
        {text('config.title', t('channels.form.webchatTitle'), 'channel-webchat-title')}
        <Controller
          control={form.control}
          name="config.color"
          render={({ field }) => (
            <ColorInput
              label={t('channels.form.webchatColor')}
              format="hex"
              value={field.value ?? ''}
              onChange={field.onChange}
              error={fieldError('config.color')}
            />
          )}
        />
        <Textarea
          label={t('channels.form.webchatWelcome')}
          autosize
          minRows={2}
          {...form.register('config.welcome')}
          error={fieldError('config.welcome')}
        />
      </Stack>
    );
  }
  if (type === 'whatsapp') {
    return (
      <Alert variant="light" color="green" icon={<IconInfoCircle size={18} />}>
        {t('channels.form.whatsappHint')}
      </Alert>
    );
  }
  const meta = type === 'waba' || type === 'messenger' || type === 'instagram';
  return (
    <Stack gap="sm">
      <PasswordInput
        label={type === 'telegram' ? t('channels.form.telegramToken') : t('channels.form.accessToken')}
        description={keep(
          editing?.token,
          type === 'telegram' ? t('channels.form.telegramTokenHint') : t('channels.form.accessTokenHint'),
        )}
        withAsterisk={!editing}
        autoComplete="off"
        {...form.register('token')}
        error={fieldError('token')}
        data-testid="channel-token"
      />
      {type === 'waba' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('config.phoneNumberId', t('channels.form.phoneNumberId'), 'channel-phone-number-id')}
          {text('config.wabaId', t('channels.form.wabaId'), 'channel-waba-id')}
        </SimpleGrid>
      )}
      {(type === 'messenger' || type === 'instagram') && (
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {t(type === 'instagram' ? 'channels.form.instagramHint' : 'channels.form.pageHint')}
          </Text>
          <MetaPagePicker form={form} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('config.pageId', t('channels.form.pageId'), 'channel-page-id')}
            {text('config.pageName', t('channels.form.pageName'), 'channel-page-name')}
            {type === 'instagram' && text('config.igUserId', t('channels.form.igUserId'), 'channel-ig-user-id')}
            {type === 'instagram' && text('config.igUsername', t('channels.form.igUsername'), 'channel-ig-username')}
          </SimpleGrid>
        </Stack>
      )}
      {meta && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordInput
            label={t('channels.form.appSecret')}
            description={keep(editing?.config.appSecret, t('channels.form.appSecretHint'))}
            withAsterisk={!editing}
            autoComplete="off"
            {...form.register('config.appSecret')}
            error={fieldError('config.appSecret')}
            data-testid="channel-app-secret"
          />
          {text(
            'config.verifyToken',
            t('channels.form.verifyToken'),
            'channel-verify-token-input',
            t('channels.form.verifyTokenHint'),
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}
