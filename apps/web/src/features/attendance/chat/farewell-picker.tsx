import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllFarewells } from '../../farewells/use-farewells';

/**
 * The saved farewells (/despedida) in the close dialog: picking one puts its text in the farewell
 * box (still editable; the server fills its variables when it sends it); clearing empties the box,
 * so the channel's farewell, or none, applies again.
 */
export function FarewellPicker({ opened, onPick }: { opened: boolean; onPick: (text: string) => void }) {
  const { t } = useTranslation();
  const list = useAllFarewells(opened);
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setPicked(null);
  }, [opened]);
  const rows = list.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Select
      label={t('farewells.pick')}
      placeholder={t('farewells.pickPlaceholder')}
      data={rows.map((f) => ({ value: String(f.id), label: f.title }))}
      value={picked}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        setPicked(value);
        onPick(rows.find((f) => String(f.id) === value)?.message ?? '');
      }}
      data-testid="close-farewell-pick"
    />
  );
}
