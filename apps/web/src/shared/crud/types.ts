import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';

/** A key of the UI catalogue: descriptions name texts, the piece translates them at render time. */
export type TKey = ParseKeys;

/**
 * One column of a list. On a phone the table becomes cards (global.css, .prosa-card-table): the
 * first column is the card's title beside the actions, every other one shows under its heading.
 */
export interface CrudColumn<T> {
  key: string;
  header: TKey;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** The cell's own test id (`contact-row-tags`), for journeys that look at one cell. */
  testId?: string;
}

/** What the server lets the signed-in user do with a row, where the entity carries `can`. */
export interface RowPermissions {
  can?: { edit?: boolean; delete?: boolean };
}

/** A button in a row's actions cell, or an item in its "more" menu (`inMenu`). */
export interface RowAction<T> {
  key: string;
  label: TKey | ((row: T) => TKey);
  icon: ReactNode | ((row: T) => ReactNode);
  onClick: (row: T) => void;
  testId: string;
  color?: string;
  visible?: (row: T) => boolean;
  loading?: (row: T) => boolean;
  inMenu?: boolean;
  /** A line above this item in the menu (destructive items stand apart). */
  dividerBefore?: boolean;
}
