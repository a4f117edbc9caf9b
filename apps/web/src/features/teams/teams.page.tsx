import { Badge, Text } from '@mantine/core';
import type { Team } from '@prosa/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import type { CrudColumn } from '../../shared/crud/types';
import { useAllUsers } from '../users/use-all-users';
import { TeamFormModal } from './team-form-modal';
import { useDeleteTeam, useTeams } from './use-teams';

const rowAttrs = (team: Team) => ({ 'data-name': team.name });

/** The admin's teams (SPEC §3 Team): name, active, users. */
export function TeamsPage() {
  const { t } = useTranslation();
  const list = useTeams();
  const users = useAllUsers();
  const remove = useDeleteTeam();
  const columns = useMemo<CrudColumn<Team>[]>(() => {
    const nameOf = new Map((users.data ?? []).map((u) => [u.id, u.name]));
    return [
      { key: 'name', header: 'teams.name', render: (team) => <Text fw={500}>{team.name}</Text> },
      {
        key: 'users',
        header: 'teams.users',
        render: (team) => (
          <Text size="sm" c="dimmed" title={team.userIds.map((id) => nameOf.get(id) ?? `#${id}`).join(', ')}>
            {t('teams.members', { count: team.userIds.length })}
          </Text>
        ),
      },
      {
        key: 'active',
        header: 'teams.active',
        render: (team) => (
          <Badge color={team.active ? 'teal' : 'gray'} variant="light">
            {team.active ? t('common.yes') : t('common.no')}
          </Badge>
        ),
      },
    ];
  }, [t, users.data]);
  return (
    <CrudPage
      testId="team"
      texts={{
        title: 'teams.title',
        subtitle: 'teams.subtitle',
        add: 'teams.add',
        deleteTitle: 'teams.deleteTitle',
        deleteConfirm: 'teams.deleteConfirm',
        deleted: 'teams.deleted',
      }}
      query={list}
      rows={list.data ?? []}
      columns={columns}
      rowAttrs={rowAttrs}
      minWidth={480}
      empty={{ title: t('teams.empty'), hint: t('teams.emptyHint') }}
      remove={remove}
      renderForm={(slot) => <TeamFormModal {...slot} />}
    />
  );
}
