import { Group, MultiSelect, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QUEUES_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { useDashboardChannels } from './use-dashboard';
import { PERIOD_PRESETS, presetRange, type DashboardFilterState, type PeriodPreset } from './dashboard-period';

interface Props {
  value: DashboardFilterState;
  onChange: (next: DashboardFilterState) => void;
  valid: boolean;
}

/** Period (today, 7 or 30 days, custom days) and the queue and channel filters of the dashboard. */
export function DashboardFilters({ value, onChange, valid }: Props) {
  const { t } = useTranslation();
  const queues = useColorItems(QUEUES_RESOURCE);
  const channels = useDashboardChannels();
  const setPreset = (preset: PeriodPreset) =>
    onChange(preset === 'custom' ? { ...value, preset } : { ...value, preset, ...presetRange(preset) });
  const ids = (list: string[]) => list.map(Number);
  return (
    <Group align="flex-end" gap="md" wrap="wrap" data-testid="dashboard-filters">
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('dashboard.period')}
        </Text>
        <SegmentedControl
          data-testid="dashboard-period"
          value={value.preset}
          onChange={(v) => setPreset(v as PeriodPreset)}
          data={PERIOD_PRESETS.map((p) => ({ value: p, label: t(`dashboard.${p}`) }))}
        />
      </div>
      {value.preset === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t('dashboard.from')}
            value={value.from}
            onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
            data-testid="dashboard-from"
          />
          <TextInput
            type="date"
            label={t('dashboard.to')}
            value={value.to}
            onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
            error={valid ? undefined : t('dashboard.invalidPeriod')}
            data-testid="dashboard-to"
          />
        </>
      )}
      <MultiSelect
        label={t('dashboard.queues')}
        placeholder={value.queueIds.length ? undefined : t('dashboard.allQueues')}
        data={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
        value={value.queueIds.map(String)}
        onChange={(v) => onChange({ ...value, queueIds: ids(v) })}
        clearable
        searchable
        miw={200}
        data-testid="dashboard-queues"
      />
      <MultiSelect
        label={t('dashboard.channels')}
        placeholder={value.channelIds.length ? undefined : t('dashboard.allChannels')}
        data={(channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={value.channelIds.map(String)}
        onChange={(v) => onChange({ ...value, channelIds: ids(v) })}
        clearable
        searchable
        miw={200}
        data-testid="dashboard-channels"
      />
    </Group>
  );
}
