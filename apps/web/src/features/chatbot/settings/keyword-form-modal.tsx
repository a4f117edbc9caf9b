import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { ZChatFlowKeywordInput, type ChatFlowKeyword } from '@prosa/contracts';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { handleFormError } from '../../../shared/forms/server-errors';
import { useFieldError } from '../../../shared/forms/use-field-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useSaveKeyword, type KeywordInput } from '../api/use-keywords';
import type { Option } from '../builder/refs';

interface Props {
  opened: boolean;
  keyword: ChatFlowKeyword | null;
  flows: Option[];
  channels: Option[];
  onClose: () => void;
}

const FIELDS = ['keyword', 'chatFlowId', 'channelId', 'isActive'];
/** "All channels" in the select: null in the body. */
const ALL = 'all';

function initial(k: ChatFlowKeyword | null): KeywordInput {
  return k
    ? { keyword: k.keyword, chatFlowId: k.chatFlowId, channelId: k.channelId, isActive: k.isActive }
    : { keyword: '', chatFlowId: 0, channelId: null, isActive: true };
}

/** A keyword that picks a flow on a ticket's first message (one channel, or all). */
export function KeywordFormModal({ opened, keyword, flows, channels, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveKeyword();
  const form = useForm<KeywordInput, unknown, z.output<typeof ZChatFlowKeywordInput>>({
    resolver: zodResolver(ZChatFlowKeywordInput),
    defaultValues: initial(keyword),
  });
  const fieldError = useFieldError(form.formState.errors);

  useEffect(() => {
    if (opened) form.reset(initial(keyword));
  }, [opened, keyword, form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { id: keyword?.id, values },
      {
        onSuccess: () => {
          notifySuccess(t('chatbot.settings.saved'));
          onClose();
        },
        onError: (err) => handleFormError(err, form.setError, FIELDS),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t(keyword ? 'chatbot.settings.editKeyword' : 'chatbot.settings.newKeyword')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput label={t('chatbot.settings.keyword')} data-autofocus {...form.register('keyword')} error={fieldError('keyword')} data-testid="keyword-text" />
          <Controller
            control={form.control}
            name="chatFlowId"
            render={({ field }) => (
              <Select
                label={t('chatbot.settings.flow')}
                data={flows}
                searchable
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : 0)}
                error={fieldError('chatFlowId')}
                data-testid="keyword-flow"
              />
            )}
          />
          <Controller
            control={form.control}
            name="channelId"
            render={({ field }) => (
              <Select
                label={t('chatbot.settings.channel')}
                data={[{ value: ALL, label: t('chatbot.settings.allChannels') }, ...channels]}
                allowDeselect={false}
                value={field.value ? String(field.value) : ALL}
                onChange={(v) => field.onChange(v && v !== ALL ? Number(v) : null)}
                error={fieldError('channelId')}
                data-testid="keyword-channel"
              />
            )}
          />
          <Switch label={t('chatbot.settings.active')} {...form.register('isActive')} data-testid="keyword-active" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="keyword-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
