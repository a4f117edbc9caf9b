import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { RowAction, RowPermissions } from './types';

/**
 * The server says what the user may do with an entity that carries `can`; screens do not work it
 * out again (HOUSE.md). An entity without `can` (queues, plans) leaves it to the route.
 */
export function may(row: unknown, what: 'edit' | 'delete'): boolean {
  const can = (row as RowPermissions | null)?.can;
  return can?.[what] ?? true;
}

/** Edit and delete, the two actions every CRUD row has, named with the screen's test id prefix. */
export function editDeleteActions<T>(
  testId: string,
  handlers: {
    onEdit?: (row: T) => void;
    onDelete?: (row: T) => void;
    deleteInMenu?: boolean;
    deletable?: (row: T) => boolean;
  },
): RowAction<T>[] {
  const actions: RowAction<T>[] = [];
  if (handlers.onEdit)
    actions.push({
      key: 'edit',
      label: 'common.edit',
      icon: <IconPencil size={18} />,
      onClick: handlers.onEdit,
      testId: `${testId}-edit`,
      visible: (row) => may(row, 'edit'),
    });
  if (handlers.onDelete)
    actions.push({
      key: 'delete',
      label: 'common.delete',
      icon: <IconTrash size={18} />,
      color: 'red',
      onClick: handlers.onDelete,
      testId: `${testId}-delete`,
      visible: (row) => may(row, 'delete') && (handlers.deletable?.(row) ?? true),
      inMenu: handlers.deleteInMenu,
      dividerBefore: handlers.deleteInMenu,
    });
  return actions;
}
