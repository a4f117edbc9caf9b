import { Table } from '@mantine/core';
import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from './row-actions';
import type { CrudColumn, RowAction } from './types';

export interface CrudTableProps<T> {
  rows: readonly T[];
  columns: readonly CrudColumn<T>[];
  actions: readonly RowAction<T>[];
  /** Test id prefix: `${testId}-table`, `${testId}-row`, `${testId}-menu`. */
  testId: string;
  rowKey: (row: T) => number | string;
  /** The row's name, in the actions' accessible names ("Editar Ana"). */
  rowName: (row: T) => string;
  /** Attributes journeys find a row by (`data-name`, `data-email`). */
  rowAttrs?: (row: T) => Record<`data-${string}`, string>;
  /** Below this width the table scrolls sideways on a desktop; on a phone rows are cards instead. */
  minWidth?: number;
}

interface RowProps<T> extends Omit<CrudTableProps<T>, 'rows' | 'rowKey' | 'minWidth'> {
  row: T;
}

function CrudRowInner<T>({ row, columns, actions, testId, rowName, rowAttrs }: RowProps<T>) {
  const { t } = useTranslation();
  return (
    <Table.Tr className="prosa-table-row" data-testid={`${testId}-row`} {...rowAttrs?.(row)}>
      {columns.map((col, i) => (
        <Table.Td
          key={col.key}
          ta={col.align}
          // The card layout on a phone writes each cell's heading from data-label; the first
          // cell is the card's title and needs none.
          data-label={i === 0 ? undefined : t(col.header)}
          data-testid={col.testId}
        >
          {col.render(row)}
        </Table.Td>
      ))}
      {actions.length > 0 && (
        <Table.Td data-cell="actions">
          <RowActions row={row} rowName={rowName(row)} actions={actions} testId={testId} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}
// Long lists (contacts scroll in pages of 40): a row renders again only when its data changes.
const CrudRow = memo(CrudRowInner) as typeof CrudRowInner;

/**
 * The list of a CRUD screen from a description of its columns and row actions. On a phone each row
 * is a card (name and actions on top, the other columns below with their headings), so nothing
 * hides behind a sideways scroll (issue 9).
 */
export function CrudTable<T>({ rows, rowKey, minWidth = 760, ...rest }: CrudTableProps<T>) {
  const { t } = useTranslation();
  const { columns, actions, testId } = rest;
  return (
    // Focusable: a wide table (a report's eleven columns) scrolls sideways, and a keyboard must reach it (WCAG 2.1.1).
    <div
      className="prosa-card-table-scroll"
      tabIndex={0}
      style={{ '--crud-min-width': `${minWidth}px` } as CSSProperties}
    >
      <Table verticalSpacing="sm" horizontalSpacing="md" className="prosa-card-table" data-testid={`${testId}-table`}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((col) => (
              <Table.Th key={col.key} ta={col.align}>
                {t(col.header)}
              </Table.Th>
            ))}
            {actions.length > 0 && <Table.Th ta="right">{t('common.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <CrudRow key={rowKey(row)} row={row} {...rest} />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
