import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../errors/toast-error';
import { useErrorMessage } from '../errors/use-error-message';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { notifySuccess } from '../ui/notify';
import { PageHeader } from '../ui/page-header';
import { editDeleteActions } from './crud-actions';
import { CrudList, type CrudListProps } from './crud-list';
import type { RowAction, TKey } from './types';

/** The screen's texts, as catalogue keys. `deleteConfirm` gets the row's name as `name`. */
export interface CrudTexts {
  title: TKey;
  subtitle?: TKey;
  add: TKey;
  deleteTitle: TKey;
  deleteConfirm: TKey;
  deleted: TKey;
  /** Said in the dialog while a long delete runs (a company and all its data). */
  deleting?: TKey;
}

/** A delete mutation (TanStack's useMutation over an id). */
export interface RemoveMutation {
  mutate: (id: number, options: { onSuccess?: () => void; onError?: (err: unknown) => void }) => void;
  isPending: boolean;
}

export interface FormSlot<T> {
  opened: boolean;
  item: T | null;
  onClose: () => void;
}

export interface CrudPageProps<T extends { id: number }>
  extends Omit<CrudListProps<T>, 'actions' | 'rowKey' | 'rowName'> {
  texts: CrudTexts;
  rowName?: (row: T) => string;
  /** Search and filters above the list (CrudToolbar). */
  toolbar?: ReactNode;
  /** More buttons in the header, before "Add" (import, export). */
  headerActions?: ReactNode;
  /** The screen's own row actions, shown before edit and delete. */
  actions?: readonly RowAction<T>[];
  remove?: RemoveMutation;
  /** A refusal to delete stays in the dialog, where the user is looking, instead of a toast. */
  deleteErrorInDialog?: boolean;
  /** Delete sits in the row's "more" menu, apart from the everyday actions. */
  deleteInMenu?: boolean;
  /** Rows that can never be deleted whatever `can` says (the platform operator's own company). */
  deletable?: (row: T) => boolean;
  renderForm: (slot: FormSlot<T>) => ReactNode;
}

// One empty list for every screen without actions of its own, so the row actions stay memoised.
const NO_ACTIONS: readonly never[] = [];

/** Most entities are named by `name`; one defined once keeps the memoised rows from rendering again. */
const nameOf = (row: { id: number }) => String((row as { name?: unknown }).name ?? row.id);

/**
 * A CRUD screen from a description: header with "Add", optional toolbar, the list with its
 * loading, error and empty states, row actions (edit and delete as the server's `can` allows,
 * plus the screen's own), the create/edit form and the delete confirmation.
 */
export function CrudPage<T extends { id: number }>({
  texts,
  toolbar,
  headerActions,
  actions = NO_ACTIONS,
  remove,
  deleteErrorInDialog,
  deleteInMenu,
  deletable,
  renderForm,
  rowName = nameOf,
  ...list
}: CrudPageProps<T>) {
  const { t } = useTranslation();
  const { message } = useErrorMessage();
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { testId } = list;

  const openForm = useCallback((item: T | null) => {
    setEditing(item);
    setFormOpen(true);
  }, []);
  const askDelete = useCallback((item: T | null) => {
    setDeleteError(null);
    setDeleting(item);
  }, []);
  const hasRemove = !!remove;
  const rowActions = useMemo(
    () => [
      ...actions,
      ...editDeleteActions<T>(testId, {
        onEdit: openForm,
        onDelete: hasRemove ? askDelete : undefined,
        deleteInMenu,
        deletable,
      }),
    ],
    [actions, testId, openForm, askDelete, hasRemove, deleteInMenu, deletable],
  );
  const confirmDelete = () => {
    if (!deleting || !remove) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t(texts.deleted));
        setDeleting(null);
      },
      onError: (err) => {
        if (deleteErrorInDialog) return setDeleteError(message(err));
        toastError(err);
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t(texts.title)}
        subtitle={texts.subtitle ? t(texts.subtitle) : undefined}
        actions={
          <>
            {headerActions}
            <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)} data-testid={`${testId}-add`}>
              {t(texts.add)}
            </Button>
          </>
        }
      />
      {toolbar}
      <CrudList {...list} rowKey={(row) => row.id} rowName={rowName} actions={rowActions} />
      {renderForm({ opened: formOpen, item: editing, onClose: () => setFormOpen(false) })}
      {remove && (
        <ConfirmDialog
          opened={!!deleting}
          title={t(texts.deleteTitle)}
          message={
            remove.isPending && texts.deleting
              ? t(texts.deleting)
              : t(texts.deleteConfirm, { name: deleting ? rowName(deleting) : '' })
          }
          loading={remove.isPending}
          onConfirm={confirmDelete}
          // Not while the delete runs: its answer still has to be told.
          onClose={() => !remove.isPending && askDelete(null)}
          error={deleteError}
        />
      )}
    </>
  );
}
