import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Group, Indicator, Modal, Stack, Switch, Tabs, TextInput } from '@mantine/core';
import { isMetaChannelType, type Channel, type ChannelType } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { toastError } from '../../shared/errors/toast-error';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { notifySuccess } from '../../shared/ui/notify';
import { ChannelConnectInfo } from './channel-connect-info';
import {
  CHANNEL_FIELDS,
  channelFormValues,
  channelSchema,
  FIELD_TAB,
  type ChannelFormValues,
  type ChannelPayload,
} from './channel-form';
import { ChannelIntegrationFields } from './channel-integration-fields';
import { ChannelProviderFields } from './channel-provider-fields';
import { ChannelServiceFields } from './channel-service-fields';
import { ChannelTypePicker } from './channel-type-picker';
import { useSaveChannel, useSessionAction } from './use-channels';

type Tab = 'connection' | 'service' | 'integrations';
const TABS: Tab[] = ['connection', 'service', 'integrations'];
const tabOf = (field: string): Tab => FIELD_TAB[field.split('.')[0] ?? field] ?? 'connection';

/**
 * Create or edit a connection. After creating, the session is started, and a channel with
 * something to paste elsewhere (Meta webhook, web chat embed code) stays open in edit mode to show it.
 */
export function ChannelFormModal({ opened, channel, onClose }: { opened: boolean; channel: Channel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<Channel | null>(channel);
  useEffect(() => {
    if (opened) setCurrent(channel);
  }, [opened, channel]);
  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={t(current ? 'channels.editTitle' : 'channels.createTitle')}>
      {opened && <ChannelForm key={current?.id ?? 'new'} channel={current} onCreated={setCurrent} onClose={onClose} />}
    </Modal>
  );
}

interface FormProps {
  channel: Channel | null;
  onCreated: (channel: Channel) => void;
  onClose: () => void;
}

function ChannelForm({ channel, onCreated, onClose }: FormProps) {
  const { t } = useTranslation();
  const save = useSaveChannel();
  const session = useSessionAction();
  const [tab, setTab] = useState<Tab>('connection');
  // The create and update schemas differ in how secrets are read; the form is remounted per mode.
  const form = useForm<ChannelFormValues>({
    resolver: zodResolver(channelSchema(!!channel)) as unknown as Resolver<ChannelFormValues>,
    defaultValues: channelFormValues(channel),
  });
  const fieldError = useFieldError(form.formState.errors);
  const errorTabs = new Set(Object.keys(form.formState.errors).map(tabOf));

  const chooseType = (type: ChannelType) => {
    form.reset({ ...form.getValues(), type, token: '', config: {} });
  };
  const showFirstError = (fields: string[]) => {
    const first = TABS.find((tb) => fields.some((f) => tabOf(f) === tb));
    if (first) setTab(first);
  };
  const onInvalid = (errors: FieldErrors<ChannelFormValues>) => showFirstError(Object.keys(errors));

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(
        // The resolver answers the schema's output: the body the server validates again.
        { id: channel?.id, values: values as unknown as ChannelPayload },
        {
          onSuccess: (saved) => {
            notifySuccess(t(channel ? 'channels.updated' : 'channels.created'));
            if (channel) return onClose();
            if (saved.type !== 'webchat') session.mutate({ id: saved.id, action: 'connect' }, { onError: toastError });
            if (saved.widget || (saved.webhook && isMetaChannelType(saved.type))) onCreated(saved);
            else onClose();
          },
          onError: (err) => {
            handleFormError(err, form.setError, CHANNEL_FIELDS, {
              ERR_CHANNEL_NAME_EXISTS: 'name',
              ERR_CHANNEL_TOKEN_INVALID: 'token',
            });
            if (err instanceof ApiError) showFirstError([...Object.keys(err.fields ?? {}), ...(err.code === 'ERR_CHANNEL_NAME_EXISTS' ? ['name'] : [])]);
          },
        },
      ),
    onInvalid,
  );

  const tabLabel = (value: Tab) => (
    <Indicator color="red" size={7} offset={-4} disabled={!errorTabs.has(value)} position="middle-end">
      <Box pr={errorTabs.has(value) ? 8 : 0}>{t(`channels.tabs.${value}`)}</Box>
    </Indicator>
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="channel-form">
      <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'connection')} keepMounted>
        <Tabs.List mb="md">
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`channel-tab-${value}`}>
              {tabLabel(value)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="connection">
          <Stack gap="md">
            {channel && <ChannelConnectInfo channel={channel} />}
            {!channel && (
              <Controller
                control={form.control}
                name="type"
                render={({ field }) => <ChannelTypePicker value={field.value} onChange={chooseType} />}
              />
            )}
            <TextInput
              label={t('channels.form.name')}
              placeholder={t('channels.form.namePlaceholder')}
              withAsterisk
              data-autofocus
              {...form.register('name')}
              error={fieldError('name')}
              data-testid="channel-name-input"
            />
            <ChannelProviderFields form={form} fieldError={fieldError} editing={channel} />
            <Controller
              control={form.control}
              name="isDefault"
              render={({ field }) => (
                <Switch
                  label={t('channels.form.isDefault')}
                  description={t('channels.form.isDefaultHint')}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="service">
          <ChannelServiceFields form={form} fieldError={fieldError} />
        </Tabs.Panel>
        <Tabs.Panel value="integrations">
          <ChannelIntegrationFields form={form} fieldError={fieldError} editing={channel} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onClose}>
          {t(channel ? 'common.close' : 'common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} data-testid="channel-save">
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}
