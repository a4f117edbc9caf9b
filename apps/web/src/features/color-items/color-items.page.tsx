import { ActionIcon, Badge, Button, Group, Paper, Switch, Table, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../shared/errors/toast-error';
import { ColorName } from '../../shared/ui/color-dot';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import type { ColorItem, ColorItemResource } from './color-item-resource';
import { ColorItemFormModal } from './color-item-form-modal';
import { useColorItems, useDeleteColorItem, useSaveColorItem } from './use-color-items';

/** The list of queues or tags: create, edit, switch on and off, delete. */
export function ColorItemsPage({ res }: { res: ColorItemResource }) {
  const { t } = useTranslation();
  const { ns, testId } = res;
  const list = useColorItems(res);
  const save = useSaveColorItem(res);
  const remove = useDeleteColorItem(res);
  const [editing, setEditing] = useState<ColorItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ColorItem | null>(null);

  const openForm = (item: ColorItem | null) => {
    setEditing(item);
    setFormOpen(true);
  };
  const toggleActive = (item: ColorItem, active: boolean) =>
    save.mutate(
      { id: item.id, values: { name: item.name, color: item.color, active } },
      { onSuccess: () => notifySuccess(t(`${ns}.updated`)), onError: toastError },
    );
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t(`${ns}.deleted`));
        setDeleting(null);
      },
      onError: (err) => {
        toastError(err);
        setDeleting(null);
      },
    });
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)} data-testid={`${testId}-add`}>
      {t(`${ns}.add`)}
    </Button>
  );
  const items = [...(list.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <>
      <PageHeader title={t(`${ns}.title`)} subtitle={t(`${ns}.subtitle`)} actions={addButton} />
      <Paper p={0}>
        {list.isPending ? (
          <LoadingBlock />
        ) : list.isError ? (
          <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t(`${ns}.empty`)} hint={t(`${ns}.emptyHint`)} />
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid={`${testId}-table`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${ns}.name`)}</Table.Th>
                  <Table.Th>{t(`${ns}.color`)}</Table.Th>
                  <Table.Th w={140}>{t(`${ns}.active`)}</Table.Th>
                  <Table.Th w={110} ta="right">
                    {t('common.actions')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr
                    key={item.id}
                    className="prosa-table-row"
                    data-testid={`${testId}-row`}
                    data-name={item.name}
                  >
                    <Table.Td>
                      <ColorName color={item.color} name={item.name} />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color="gray" radius="sm" ff="monospace" tt="none">
                        {item.color}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={item.active}
                        onChange={(e) => toggleActive(item, e.currentTarget.checked)}
                        aria-label={`${t(`${ns}.active`)}: ${item.name}`}
                        data-testid={`${testId}-row-active`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('common.edit')}>
                          <ActionIcon
                            variant="subtle"
                            onClick={() => openForm(item)}
                            aria-label={`${t('common.edit')} ${item.name}`}
                            data-testid={`${testId}-edit`}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('common.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(item)}
                            aria-label={`${t('common.delete')} ${item.name}`}
                            data-testid={`${testId}-delete`}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ColorItemFormModal res={res} opened={formOpen} item={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        opened={!!deleting}
        title={t(`${ns}.deleteTitle`)}
        message={t(`${ns}.deleteConfirm`, { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
