import { SegmentedControl } from '@mantine/core';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldContext } from '../../shared/crud/form-types';
import { TemplateLockedNotice, type TemplateValues } from './campaign-template-fields';

/** The campaign form's values this field touches. */
interface KindValues extends TemplateValues {
  channelId: string;
  message1: string;
  message2: string;
  message3: string;
}

export type Kind = 'messages' | 'template';

function clearTemplate(form: FieldContext<KindValues>['form']): void {
  form.setValue('templateId', '');
  form.setValue('templateParameters', []);
  form.setValue('templateHeaderUrl', '');
  form.setValue('templateInfo', null);
}

/**
 * Messages or a WhatsApp template: offered when the channel is a Cloud API one. Switching clears
 * the other kind's fields (a template campaign has no free-text messages, SPEC §3).
 */
export function KindField<V extends KindValues>({
  ctx,
  kind,
  setKind,
  wabaIds,
  locked,
}: {
  ctx: FieldContext<V>;
  kind: Kind;
  setKind: (k: Kind) => void;
  /** The company's Cloud API channels; null while the channels load. */
  wabaIds: Set<string> | null;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const form = ctx.form as unknown as FieldContext<KindValues>['form'];
  const channelId = useWatch({ control: form.control, name: 'channelId' });
  const isWaba = !!wabaIds?.has(channelId);
  // Another kind of channel picked: the template goes (not while the channels are still loading).
  const leaveTemplate = !!wabaIds && !isWaba && kind === 'template' && !locked;
  useEffect(() => {
    if (!leaveTemplate) return;
    clearTemplate(form);
    setKind('messages');
  }, [leaveTemplate, form, setKind]);
  if (locked) return <TemplateLockedNotice />;
  if (!isWaba) return null;
  return (
    <SegmentedControl
      value={kind}
      onChange={(v) => {
        const next = v as Kind;
        if (next === 'template') for (const m of ['message1', 'message2', 'message3'] as const) form.setValue(m, '');
        else clearTemplate(form);
        setKind(next);
      }}
      data={[
        { value: 'messages', label: t('campaigns.kindMessages') },
        { value: 'template', label: t('campaigns.kindTemplate') },
      ]}
      aria-label={t('campaigns.kind')}
      data-testid="campaign-kind"
    />
  );
}
