import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RowAction, TKey } from './types';

const resolve = <T, R>(v: R | ((row: T) => R), row: T): R =>
  typeof v === 'function' ? (v as (row: T) => R)(row) : v;

/** The actions a row shows: those whose `visible` says yes (the server's `can`, for edit and delete). */
export function visibleActions<T>(actions: readonly RowAction<T>[], row: T): RowAction<T>[] {
  return actions.filter((a) => a.visible?.(row) ?? true);
}

/**
 * Icon buttons with a tooltip, and the rest in a "more" menu. Each is named after the action and
 * the row ("Editar Ana"), so a screen reader and a journey tell the rows' buttons apart.
 */
export function RowActions<T>({
  row,
  rowName,
  actions,
  testId,
}: {
  row: T;
  rowName: string;
  actions: readonly RowAction<T>[];
  testId: string;
}) {
  const { t } = useTranslation();
  const shown = visibleActions(actions, row);
  const buttons = shown.filter((a) => !a.inMenu);
  const menu = shown.filter((a) => a.inMenu);
  const label = (a: RowAction<T>) => t(resolve<T, TKey>(a.label, row));
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {buttons.map((a) => (
        <Tooltip key={a.key} label={label(a)}>
          <ActionIcon
            variant="subtle"
            color={a.color}
            loading={a.loading?.(row)}
            onClick={() => a.onClick(row)}
            aria-label={`${label(a)} ${rowName}`}
            data-testid={a.testId}
          >
            {resolve(a.icon, row)}
          </ActionIcon>
        </Tooltip>
      ))}
      {menu.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`${t('common.actions')} ${rowName}`}
              data-testid={`${testId}-menu`}
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {menu.map((a) => [
              a.dividerBefore ? <Menu.Divider key={`${a.key}-divider`} /> : null,
              <Menu.Item
                key={a.key}
                color={a.color}
                leftSection={resolve(a.icon, row)}
                onClick={() => a.onClick(row)}
                data-testid={a.testId}
              >
                {label(a)}
              </Menu.Item>,
            ])}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
