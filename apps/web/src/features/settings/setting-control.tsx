import { Group, NumberInput, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { AUTO_TICKET_TIMES, settingValueSchema, type SettingKey } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../shared/i18n/i18n';
import { controlKind } from './setting-groups';

interface Props {
  settingKey: SettingKey;
  value: string;
  saving: boolean;
  onSave: (value: string) => void;
  /** A toggle the company's plan keeps as it is (groups on a plan without them): shown, not changed. */
  locked?: boolean;
}

/** One setting with the control its kind of value calls for; the same schema as the server checks it. */
export function SettingControl({ settingKey, value, saving, onSave, locked = false }: Props) {
  const { t } = useTranslation();
  const kind = controlKind(settingKey);
  const label = t(`settings.keys.${settingKey}.label`);
  const hint = t(`settings.keys.${settingKey}.hint`);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const testId = `setting-${settingKey}`;

  useEffect(() => setDraft(value), [value]);

  const commit = (next: string) => {
    if (next === value) return setError(null);
    const parsed = settingValueSchema(settingKey).safeParse(next);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'validation.invalidValue');
    setError(null);
    onSave(next);
  };

  if (kind === 'toggle') {
    return (
      <Group justify="space-between" wrap="nowrap" gap="lg" py={4}>
        <Stack gap={2}>
          <Text size="sm" fw={500} component="label" htmlFor={testId}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
          {locked && (
            <Text size="xs" c="orange" data-testid={`${testId}-premium`}>
              {t('plans.premiumOnly')}
            </Text>
          )}
        </Stack>
        <Switch
          id={testId}
          checked={locked || value === 'enabled'}
          onChange={(e) => commit(e.currentTarget.checked ? 'enabled' : 'disabled')}
          disabled={saving || locked}
          size="md"
          data-testid={testId}
        />
      </Group>
    );
  }
  const errorText = error ? translateKey(error) : undefined;
  if (kind === 'time' || kind === 'distribution') {
    const data =
      kind === 'time'
        ? AUTO_TICKET_TIMES.map((v) => ({ value: v, label: t(`settings.times.${v}`) }))
        : (['N', 'R', 'B'] as const).map((v) => ({ value: v, label: t(`settings.distribution.${v}`) }));
    return (
      <Select
        label={label}
        description={hint}
        data={data}
        value={value}
        onChange={(v) => v && commit(v)}
        allowDeselect={false}
        disabled={saving}
        error={errorText}
        data-testid={testId}
      />
    );
  }
  if (kind === 'number') {
    return (
      <NumberInput
        label={label}
        description={hint}
        value={draft}
        onChange={(v) => setDraft(String(v))}
        onBlur={() => commit(draft)}
        onKeyDown={(e) => e.key === 'Enter' && commit(draft)}
        allowDecimal={false}
        allowNegative={false}
        min={0}
        max={200}
        error={errorText}
        data-testid={testId}
      />
    );
  }
  return (
    <Textarea
      label={label}
      description={hint}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={() => commit(draft)}
      autosize
      minRows={2}
      maxRows={6}
      error={errorText}
      data-testid={testId}
    />
  );
}
