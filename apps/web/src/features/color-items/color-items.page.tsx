import { Badge, Switch } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import type { CrudColumn } from '../../shared/crud/types';
import { toastError } from '../../shared/errors/toast-error';
import { ColorName } from '../../shared/ui/color-dot';
import { notifySuccess } from '../../shared/ui/notify';
import type { ColorItem, ColorItemResource } from './color-item-resource';
import { ColorItemFormModal } from './color-item-form-modal';
import { useColorItems, useDeleteColorItem, useSaveColorItem } from './use-color-items';

const rowAttrs = (item: ColorItem) => ({ 'data-name': item.name });

/** The list of queues or tags: create, edit, switch on and off, delete. */
export function ColorItemsPage({ res }: { res: ColorItemResource }) {
  const { t } = useTranslation();
  const { ns, testId } = res;
  const list = useColorItems(res);
  const save = useSaveColorItem(res);
  const remove = useDeleteColorItem(res);

  const columns = useMemo<CrudColumn<ColorItem>[]>(() => {
    const toggleActive = (item: ColorItem, active: boolean) =>
      save.mutate(
        { id: item.id, values: { name: item.name, color: item.color, active, integrationId: 'integrationId' in item ? item.integrationId : null } },
        { onSuccess: () => notifySuccess(t(`${ns}.updated`)), onError: toastError },
      );
    return [
      { key: 'name', header: `${ns}.name`, render: (item) => <ColorName color={item.color} name={item.name} /> },
      {
        key: 'color',
        header: `${ns}.color`,
        render: (item) => (
          <Badge variant="outline" color="gray" radius="sm" ff="monospace" tt="none">
            {item.color}
          </Badge>
        ),
      },
      {
        key: 'active',
        header: `${ns}.active`,
        render: (item) => (
          <Switch
            checked={item.active}
            onChange={(e) => toggleActive(item, e.currentTarget.checked)}
            aria-label={`${t(`${ns}.active`)}: ${item.name}`}
            data-testid={`${testId}-row-active`}
          />
        ),
      },
    ];
    // save.mutate is stable across renders (TanStack Query), so the rows are not drawn again.
  }, [ns, testId, t, save.mutate]);
  const rows = useMemo(() => [...(list.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [list.data]);

  return (
    <CrudPage
      testId={testId}
      texts={{
        title: `${ns}.title`,
        subtitle: `${ns}.subtitle`,
        add: `${ns}.add`,
        deleteTitle: `${ns}.deleteTitle`,
        deleteConfirm: `${ns}.deleteConfirm`,
        deleted: `${ns}.deleted`,
      }}
      query={list}
      rows={rows}
      columns={columns}
      rowAttrs={rowAttrs}
      minWidth={480}
      empty={{ title: t(`${ns}.empty`), hint: t(`${ns}.emptyHint`) }}
      remove={remove}
      renderForm={(slot) => <ColorItemFormModal res={res} {...slot} />}
    />
  );
}
