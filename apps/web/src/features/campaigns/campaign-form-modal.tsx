import { Button, FileInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { CAMPAIGN_MIN_DELAY_SECONDS, ZCampaignForm, type Campaign } from '@prosa/contracts';
import { IconPaperclip } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FieldContext, FormBlock } from '../../shared/crud/form-types';
import { useChannels } from '../sessions/use-channels';
import { KindField, type Kind } from './campaign-kind-field';
import { TemplateMapping, TemplatePicker, type TemplateValues } from './campaign-template-fields';
import { PhonePreview } from './phone-preview';
import { CAMPAIGN_FILE_MAX_BYTES, useSaveCampaign, type CampaignSave } from './use-campaigns';

interface Values extends TemplateValues {
  name: string;
  startAt: string;
  channelId: string;
  delaySeconds: number | string;
  message1: string;
  message2: string;
  message3: string;
  hasFile: boolean;
}
interface Out {
  name: string;
  startAt?: string;
  channelId?: number;
  delaySeconds: number;
  message1: string;
  message2: string;
  message3: string;
  templateId?: number;
  templateParameters: TemplateValues['templateParameters'];
  templateHeaderUrl: string;
}

const VARIABLES = '{{name}} {{greeting}} {{phoneNumber}} {{email}} {{hour}} {{date}}';

function initialValues(item: Campaign | null): Values {
  return {
    name: item?.name ?? '',
    startAt: item?.startAt ?? '',
    channelId: item?.channelId ? String(item.channelId) : '',
    delaySeconds: item?.delaySeconds ?? CAMPAIGN_MIN_DELAY_SECONDS,
    message1: item?.message1 ?? '',
    message2: item?.message2 ?? '',
    message3: item?.message3 ?? '',
    hasFile: !!item?.mediaName,
    templateId: item?.templateId ? String(item.templateId) : '',
    templateParameters: item?.templateParameters ?? [],
    templateHeaderUrl: item?.templateHeaderUrl ?? '',
    // Filled from the templates list when one is picked; a stored one is checked by the server.
    templateInfo: null,
  };
}

function StartAtField({ ctx }: { ctx: FieldContext<Values> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={ctx.form.control}
      name="startAt"
      render={({ field }) => (
        <DateTimePicker
          label={t('campaigns.startAt')}
          valueFormat="DD/MM/YYYY HH:mm"
          minDate={dayjs().format('YYYY-MM-DD')}
          value={field.value ? dayjs(field.value).format('YYYY-MM-DD HH:mm:ss') : null}
          onChange={(v) => field.onChange(v ? dayjs(v).toISOString() : '')}
          error={ctx.fieldError('startAt')}
          clearable
          clearButtonProps={{ 'aria-label': t('campaigns.clear') }}
          data-testid="campaign-startAt"
        />
      )}
    />
  );
}

/** The three phone mock-ups, following what is typed (sample contact: the catalogue's name). */
function Previews({ ctx, file }: { ctx: FieldContext<Values>; file: { name: string; url?: string } | null }) {
  const { t } = useTranslation();
  const [m1, m2, m3] = useWatch({ control: ctx.form.control, name: ['message1', 'message2', 'message3'] });
  const sample = useMemo(
    () => ({ name: t('campaigns.sampleName'), number: '5511987654321', email: 'maria@example.com' }),
    [t],
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {[m1, m2, m3].map((text, i) => (
        <PhonePreview key={i} n={i + 1} text={text ?? ''} sample={sample} file={file} />
      ))}
    </SimpleGrid>
  );
}

/** Create or edit a campaign with the schema the server validates with (ZCampaignForm). */
export function CampaignFormModal(slot: FormSlot<Campaign>) {
  const { t } = useTranslation();
  const save = useSaveCampaign();
  const channels = useChannels();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const { opened, item } = slot;
  const [kind, setKind] = useState<Kind>('messages');
  // SPEC §4: a template campaign, once scheduled, changes only its start (the server holds it too).
  const locked = !!item?.templateId && item.status !== 'pending';
  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setFileError(null);
    setRemoveFile(false);
    setKind(item?.templateId ? 'template' : 'messages');
  }, [opened, item]);
  const storedFile = item?.mediaName && !removeFile ? item.mediaName : null;
  // An image picked here is shown in the mock-ups; the URL is freed when another is picked.
  const fileUrl = useMemo(
    () => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined),
    [file],
  );
  useEffect(() => () => void (fileUrl && URL.revokeObjectURL(fileUrl)), [fileUrl]);
  const shownFile = file ? { name: file.name, url: fileUrl } : storedFile ? { name: storedFile } : null;

  const blocks = useMemo((): FormBlock<Values>[] => {
    // SPEC §5: a campaign sends through a channel of the company; web chat has no one to send to.
    const channelOptions = (channels.data ?? [])
      .filter((c) => c.type !== 'webchat')
      .map((c) => ({ value: String(c.id), label: `${c.name} (${c.type})` }));
    const wabaIds = channels.data ? new Set(channels.data.filter((c) => c.type === 'waba').map((c) => String(c.id))) : null;
    const channelOf = (ctx: FieldContext<Values>) => Number(ctx.form.getValues('channelId')) || null;
    const message = (n: 1 | 2 | 3) => ({
      kind: 'textarea' as const,
      name: `message${n}` as const,
      label: `campaigns.message${n}` as const,
      minRows: 3,
    });
    return [
      {
        key: 'main',
        cols: 2,
        fields: [
          { kind: 'text', name: 'name', label: 'campaigns.name', required: true, disabled: locked },
          { kind: 'custom', key: 'startAt', names: ['startAt'], render: (ctx) => <StartAtField ctx={ctx} /> },
          { kind: 'select', name: 'channelId', label: 'campaigns.channel', clearable: true, options: channelOptions, disabled: locked },
          {
            kind: 'number',
            name: 'delaySeconds',
            label: 'campaigns.delay',
            description: 'campaigns.delayHint',
            min: CAMPAIGN_MIN_DELAY_SECONDS,
            disabled: locked,
          },
        ],
      },
      {
        key: 'kind',
        fields: [
          {
            kind: 'custom',
            key: 'kind',
            names: [],
            render: (ctx) => <KindField ctx={ctx} kind={kind} setKind={setKind} wabaIds={wabaIds} locked={locked} />,
          },
          ...(kind === 'template'
            ? [
                {
                  kind: 'custom' as const,
                  key: 'template',
                  names: ['templateId'],
                  render: (ctx: FieldContext<Values>) => <TemplatePicker ctx={ctx} channelId={channelOf(ctx)} disabled={locked} />,
                },
              ]
            : []),
        ],
      },
      ...(kind === 'messages' ? [{ key: 'messages', cols: 3 as const, fields: [message(1), message(2), message(3)] }] : []),
      {
        key: 'hint',
        fields: [
          kind === 'template'
            ? {
                kind: 'custom' as const,
                key: 'mapping',
                names: ['templateParameters', 'templateHeaderUrl'],
                render: (ctx: FieldContext<Values>) => (
                  <TemplateMapping ctx={ctx} channelId={channelOf(ctx)} file={shownFile} disabled={locked} />
                ),
              }
            : {
                kind: 'custom' as const,
                key: 'vars',
                names: [],
                render: () => (
                  <Text size="xs" c="dimmed">
                    {t('campaigns.messagesHint', { vars: VARIABLES, interpolation: { escapeValue: false } })}
                  </Text>
                ),
              },
          {
            kind: 'custom',
            key: 'file',
            names: ['file'],
            render: (ctx) => (
              <Stack gap={4}>
                <FileInput
                  label={t('campaigns.file')}
                  leftSection={<IconPaperclip size={16} />}
                  description={storedFile ?? t('campaigns.filePlaceholder')}
                  value={file}
                  clearable
                  clearButtonProps={{ 'aria-label': t('campaigns.clear') }}
                  onChange={(f) => {
                    // SPEC §5: up to 50 MB; a larger file is not taken (the server refuses it too).
                    if (f && f.size > CAMPAIGN_FILE_MAX_BYTES) {
                      setFileError(t('campaigns.fileTooLarge'));
                      setFile(null);
                      ctx.form.setValue('hasFile', !!storedFile);
                      return;
                    }
                    setFileError(null);
                    setFile(f);
                    ctx.form.setValue('hasFile', !!f || !!storedFile);
                  }}
                  error={fileError ?? ctx.fieldError('file')}
                  disabled={locked}
                  data-testid="campaign-file"
                />
                {storedFile && !file && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    w="fit-content"
                    onClick={() => {
                      setRemoveFile(true);
                      ctx.form.setValue('hasFile', false);
                    }}
                    data-testid="campaign-remove-file"
                  >
                    {t('campaigns.removeFile', { name: storedFile })}
                  </Button>
                )}
              </Stack>
            ),
          },
          ...(kind === 'messages'
            ? [{ kind: 'custom' as const, key: 'preview', names: [], render: (ctx: FieldContext<Values>) => <Previews ctx={ctx} file={shownFile} /> }]
            : []),
        ],
      },
    ];
  }, [channels.data, t, file, fileError, storedFile, shownFile, kind, locked]);

  return (
    <CrudFormModal<Values, Out, Campaign, CampaignSave, Campaign>
      {...slot}
      testId="campaign"
      titles={{ create: 'campaigns.add', edit: 'campaigns.edit' }}
      saved={{ create: 'campaigns.saved', edit: 'campaigns.saved' }}
      schema={ZCampaignForm}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
      size="xl"
      toPayload={(v) => ({
        name: v.name,
        startAt: v.startAt,
        channelId: v.channelId,
        delaySeconds: v.delaySeconds,
        message1: v.message1,
        message2: v.message2,
        message3: v.message3,
        templateId: v.templateId,
        templateParameters: v.templateId ? v.templateParameters : [],
        templateHeaderUrl: v.templateId ? v.templateHeaderUrl : '',
        file,
        removeFile,
      })}
      codeFields={{
        ERR_CAMPAIGN_DATE: 'startAt',
        ERROR_CAMPAIGN_DATE_NOT_VALID: 'startAt',
        ERR_NO_WAPP_FOUND: 'channelId',
        ERR_CHANNEL_NOT_SUPPORTED: 'channelId',
        ERR_CAMPAIGN_TEMPLATE_NEEDS_WABA: 'channelId',
        ERR_NO_TEMPLATE_FOUND: 'templateId',
      }}
    />
  );
}
