import { Button, Group, Pagination, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { User } from '@prosa/contracts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../shared/errors/toast-error';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { UserFormModal } from './user-form-modal';
import { UsersTable } from './users-table';
import { USERS_PAGE_SIZE, useDeleteUser, useUsers } from './use-users';

export function UsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useUsers(debounced, page);
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<User | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<User | null>(null);

  const openForm = (user: User | null) => {
    setEditing(user);
    setFormOpen(true);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifySuccess(t('users.deleted')),
      onError: toastError,
      onSettled: () => setDeleting(null),
    });
  };
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / USERS_PAGE_SIZE));

  return (
    <>
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)} data-testid="user-add">
            {t('users.add')}
          </Button>
        }
      />
      <Paper p="md" mb="md">
        <Group justify="space-between" wrap="wrap">
          <TextInput
            placeholder={t('users.search')}
            aria-label={t('users.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 340 }}
            data-testid="user-search"
          />
          {list.data && (
            <Text size="sm" c="dimmed" data-testid="user-count">
              {t('users.count', { count: list.data.count })}
            </Text>
          )}
        </Group>
      </Paper>
      <Paper p={0}>
        {list.isPending ? (
          <LoadingBlock />
        ) : list.isError ? (
          <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.users.length === 0 ? (
          <EmptyState title={t('users.empty')} />
        ) : (
          <UsersTable users={list.data.users} onEdit={openForm} onDelete={setDeleting} />
        )}
      </Paper>
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} data-testid="user-pagination" />
        </Group>
      )}
      <UserFormModal opened={formOpen} user={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        opened={!!deleting}
        title={t('users.deleteTitle')}
        message={t('users.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
