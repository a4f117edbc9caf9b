import { MultiSelect } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChannels } from '../sessions/use-channels';

/**
 * The channels a user is limited to (SPEC §3 User "channels"): a multi-select of the company's
 * channels; empty means every channel. One self-contained field for the user form.
 */
export function UserChannelsField<T extends FieldValues>({
  control,
  name,
  error,
}: {
  control: Control<T>;
  name: Path<T>;
  error?: string;
}) {
  const { t } = useTranslation();
  const channels = useChannels();
  const options = (channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = (field.value as number[] | undefined) ?? [];
        return (
          <MultiSelect
            label={t('userChannels.label')}
            description={t('userChannels.hint')}
            placeholder={value.length ? undefined : t('userChannels.placeholder')}
            data={options}
            value={value.map(String)}
            onChange={(v) => field.onChange(v.map(Number))}
            searchable
            clearable
            error={error}
            data-testid="user-channels"
          />
        );
      }}
    />
  );
}
