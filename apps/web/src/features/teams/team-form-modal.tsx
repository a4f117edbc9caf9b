import { ZTeamInput, type Team, type TeamInput } from '@prosa/contracts';
import { useMemo } from 'react';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FormBlock } from '../../shared/crud/form-types';
import { useAllUsers } from '../users/use-all-users';
import { useSaveTeam } from './use-teams';

const initialValues = (team: Team | null): TeamInput =>
  team ? { name: team.name, active: team.active, userIds: team.userIds } : { name: '', active: true, userIds: [] };

/** Create or edit a team: name, active, its users. */
export function TeamFormModal(slot: FormSlot<Team>) {
  const users = useAllUsers(slot.opened);
  const save = useSaveTeam();
  const blocks = useMemo<FormBlock<TeamInput>[]>(
    () => [
      {
        key: 'main',
        fields: [
          { kind: 'text', name: 'name', label: 'teams.name', required: true },
          { kind: 'switch', name: 'active', label: 'teams.active' },
          {
            kind: 'multiselect',
            name: 'userIds',
            label: 'teams.users',
            placeholder: 'teams.usersPlaceholder',
            numeric: true,
            options: (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
          },
        ],
      },
    ],
    [users.data],
  );
  return (
    <CrudFormModal<TeamInput, TeamInput, Team, TeamInput, Team>
      {...slot}
      testId="team"
      titles={{ create: 'teams.createTitle', edit: 'teams.editTitle' }}
      saved={{ create: 'teams.created', edit: 'teams.updated' }}
      schema={ZTeamInput}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
      codeFields={{ ERR_TEAM_EXISTS: 'name' }}
    />
  );
}
