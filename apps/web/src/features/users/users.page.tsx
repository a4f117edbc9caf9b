import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import { CrudToolbar, SearchBox } from '../../shared/crud/crud-toolbar';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';
import type { User } from '@prosa/contracts';
import { TeamFilter, UserTeamsModal, userTeamsAction } from '../teams/user-teams';
import { UserFormModal } from './user-form-modal';
import { USER_COLUMNS, userRowAttrs } from './users-columns';
import { USERS_PAGE_SIZE, useDeleteUser, useUsers } from './use-users';

export function UsersPage() {
  const { t } = useTranslation();
  const search = useDebouncedSearch(300);
  const [page, setPage] = useState(1);
  const [teamId, setTeamId] = useState<number | null>(null);
  const [teamsOf, setTeamsOf] = useState<User | null>(null);
  const list = useUsers(search.debounced, page, teamId);
  const remove = useDeleteUser();
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / USERS_PAGE_SIZE));

  const toolbar = (
    <CrudToolbar testId="user" count={list.data ? t('users.count', { count: list.data.count }) : undefined}>
      <SearchBox
        label={t('users.search')}
        value={search.value}
        onChange={(v) => {
          search.setValue(v);
          setPage(1);
        }}
        width={340}
        testId="user-search"
      />
      <TeamFilter
        value={teamId}
        onChange={(v) => {
          setTeamId(v);
          setPage(1);
        }}
      />
    </CrudToolbar>
  );

  return (
    <>
      <UserTeamsModal user={teamsOf} onClose={() => setTeamsOf(null)} />
      <CrudPage
        testId="user"
        texts={{
          title: 'users.title',
          subtitle: 'users.subtitle',
          add: 'users.add',
          deleteTitle: 'users.deleteTitle',
          deleteConfirm: 'users.deleteConfirm',
          deleted: 'users.deleted',
        }}
        toolbar={toolbar}
        query={list}
        rows={list.data?.users ?? []}
        columns={USER_COLUMNS}
        rowAttrs={userRowAttrs}
        minWidth={820}
        empty={{ title: t('users.empty') }}
        paging={{ page, total: pages, onChange: setPage }}
        remove={remove}
        actions={[userTeamsAction(setTeamsOf)]}
        renderForm={({ item, ...slot }) => <UserFormModal {...slot} user={item} />}
      />
    </>
  );
}
