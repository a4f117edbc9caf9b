import { Alert, Divider, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { TemplateInfo, TemplateParameterSource, WabaTemplate } from '@prosa/contracts';
import { useEffect, useMemo } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldContext } from '../../shared/crud/form-types';
import { useTemplates } from '../attendance/api/use-templates';
import { templateSlots, type TemplateSlot } from '../attendance/templates/template-fill';
import { PhonePreview } from './phone-preview';
import {
  campaignCanSend,
  campaignTemplateText,
  headerFormat,
  infoOf,
  kindOf,
  SOURCE_KINDS,
  sourceOf,
  valueOfSource,
  type SourceKind,
} from './template-mapping';

/** The form's template part (the rest of the campaign form's values are its own). */
export interface TemplateValues {
  templateId: string;
  templateParameters: TemplateParameterSource[];
  templateHeaderUrl: string;
  templateInfo: TemplateInfo;
}
type Ctx<V extends TemplateValues> = FieldContext<V>;

/** Picks one of the channel's approved templates; the mapping starts as "contact name" everywhere. */
export function TemplatePicker<V extends TemplateValues>({ ctx, channelId, disabled }: { ctx: Ctx<V>; channelId: number | null; disabled: boolean }) {
  const { t } = useTranslation();
  const templates = useTemplates(channelId, true);
  const usable = useMemo(() => (templates.data ?? []).filter(campaignCanSend), [templates.data]);
  const form = ctx.form as unknown as FieldContext<TemplateValues>['form'];
  const templateId = useWatch({ control: form.control, name: 'templateId' });
  const pick = (id: string | null) => {
    const chosen = usable.find((x) => String(x.id) === id);
    form.setValue('templateId', id ?? '', { shouldDirty: true });
    form.setValue('templateInfo', chosen ? infoOf(chosen) : null);
    form.setValue('templateParameters', chosen ? templateSlots(chosen.components).map(() => sourceOf('name')) : [], { shouldDirty: true });
  };
  return (
    <Select
      label={t('campaigns.template')}
      placeholder={t('campaigns.templatePlaceholder')}
      data={usable.map((x) => ({ value: String(x.id), label: `${x.name} (${x.language})` }))}
      value={templateId || null}
      onChange={pick}
      disabled={disabled}
      searchable
      withAsterisk
      nothingFoundMessage={t('campaigns.templateNone')}
      description={templates.isSuccess && usable.length === 0 ? t('campaigns.templateNone') : undefined}
      error={ctx.fieldError('templateId')}
      data-testid="campaign-template"
    />
  );
}

/** One row per variable: where its value comes from, and the text or extra field's name. */
export function TemplateMapping<V extends TemplateValues>({
  ctx,
  channelId,
  file,
  disabled,
}: {
  ctx: Ctx<V>;
  channelId: number | null;
  file: { name: string; url?: string } | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const templates = useTemplates(channelId, true);
  const form = ctx.form as unknown as FieldContext<TemplateValues>['form'];
  const [templateId, sources, headerUrl] = useWatch({ control: form.control, name: ['templateId', 'templateParameters', 'templateHeaderUrl'] });
  const template: WabaTemplate | undefined = (templates.data ?? []).find((x) => String(x.id) === templateId);
  const sample = useMemo(() => ({ name: t('campaigns.sampleName'), number: '5511987654321', email: 'maria@example.com' }), [t]);
  // A stored campaign's template: the form's check learns its count and header once it is listed.
  useEffect(() => {
    if (template && !form.getValues('templateInfo')) form.setValue('templateInfo', infoOf(template));
  }, [template, form]);
  if (!template) return null;
  const slots = templateSlots(template.components);
  const format = headerFormat(template);
  const media = format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT';
  const label = (slot: TemplateSlot) => {
    const variable = `{{${slot.name}}}`;
    if (slot.part === 'header') return t('campaigns.templateHeaderVar', { variable });
    if (slot.part === 'button') return t('campaigns.templateButtonVar', { variable, button: slot.button });
    return t('campaigns.templateBodyVar', { variable });
  };
  const set = (i: number, s: TemplateParameterSource) =>
    form.setValue(`templateParameters.${i}` as Path<TemplateValues>, s, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const shownFile = media ? (headerUrl ? { name: headerUrl } : file) : null;
  return (
    <Stack gap="xs" data-testid="campaign-template-mapping">
      <Divider label={t('campaigns.templateVariables')} labelPosition="left" />
      {slots.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('campaigns.templateNoVariables')}
        </Text>
      )}
      {ctx.fieldError('templateParameters') && (
        <Text size="xs" c="red">
          {ctx.fieldError('templateParameters')}
        </Text>
      )}
      {slots.map((slot, i) => {
        const src = sources?.[i] ?? sourceOf('name');
        const kind = kindOf(src);
        const field = kind === 'extra' ? 'name' : 'text';
        return (
          <Group key={`${slot.part}-${slot.button ?? 0}-${slot.name}`} grow align="flex-start" data-testid={`campaign-template-row-${i}`}>
            <Select
              label={label(slot)}
              data={SOURCE_KINDS.map((k) => ({ value: k, label: t(`campaigns.sources.${k}`) }))}
              value={kind}
              onChange={(k) => k && set(i, sourceOf(k as SourceKind, valueOfSource(src)))}
              allowDeselect={false}
              disabled={disabled}
              data-testid={`campaign-template-source-${i}`}
            />
            {(kind === 'extra' || kind === 'text') && (
              <TextInput
                label={kind === 'extra' ? t('campaigns.templateExtraName') : t('campaigns.templateText')}
                value={valueOfSource(src)}
                maxLength={kind === 'extra' ? 100 : 1024}
                onChange={(e) => set(i, sourceOf(kind, e.currentTarget.value))}
                disabled={disabled}
                error={ctx.fieldError(`templateParameters.${i}.${field}`)}
                data-testid={`campaign-template-value-${i}`}
              />
            )}
          </Group>
        );
      })}
      {media && (
        <TextInput
          label={t('campaigns.templateHeaderUrl')}
          description={t('campaigns.templateHeaderHint', { kind: t(`campaigns.headerKinds.${format}`) })}
          placeholder="https://"
          {...form.register('templateHeaderUrl')}
          disabled={disabled}
          error={ctx.fieldError('templateHeaderUrl')}
          data-testid="campaign-template-header-url"
        />
      )}
      <Divider label={t('campaigns.templatePreview')} labelPosition="left" />
      <Group justify="center">
        <PhonePreview n={1} text={campaignTemplateText(template, sources ?? [], sample)} sample={sample} file={shownFile} />
      </Group>
    </Stack>
  );
}

/** A scheduled (or cancelled) template campaign: the server takes only a new start. */
export function TemplateLockedNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" data-testid="campaign-template-locked">
      {t('campaigns.templateLocked')}
    </Alert>
  );
}
