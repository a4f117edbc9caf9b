import { Badge, Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import type { Team, User } from '@prosa/contracts';
import { IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../../shared/crud/types';
import { toastError } from '../../shared/errors/toast-error';
import { notifySuccess } from '../../shared/ui/notify';
import { useSetUserTeams, useTeams } from './use-teams';

const teamsOf = (teams: Team[] | undefined, userId: number) => (teams ?? []).filter((t) => t.userIds.includes(userId));

/** A user's teams in the users list. */
export function UserTeamsCell({ user }: { user: User }) {
  const teams = teamsOf(useTeams().data, user.id);
  if (teams.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4} data-testid="user-teams">
      {teams.map((t) => (
        <Badge key={t.id} variant="light" color={t.active ? 'indigo' : 'gray'} tt="none">
          {t.name}
        </Badge>
      ))}
    </Group>
  );
}

/** The users list filtered by team (server-side, GET /users/?teamId=). */
export function TeamFilter({ value, onChange }: { value: number | null; onChange: (teamId: number | null) => void }) {
  const { t } = useTranslation();
  const teams = useTeams().data ?? [];
  if (teams.length === 0) return null;
  return (
    <Select
      aria-label={t('teams.filter')}
      placeholder={t('teams.filterAll')}
      data={teams.map((tm) => ({ value: String(tm.id), label: tm.name }))}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      clearable
      w={220}
      data-testid="user-team-filter"
    />
  );
}

/** Edits one user's teams (PUT /users/{id}/teams), from the users list's row menu. */
export function UserTeamsModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const teams = useTeams(!!user);
  const save = useSetUserTeams();
  const [picked, setPicked] = useState<string[]>([]);
  useEffect(() => {
    if (user) setPicked(teamsOf(teams.data, user.id).map((tm) => String(tm.id)));
  }, [user, teams.data]);
  const submit = () =>
    save.mutate(
      { userId: user!.id, teamIds: picked.map(Number) },
      { onSuccess: () => (notifySuccess(t('users.updated')), onClose()), onError: toastError },
    );
  return (
    <Modal opened={!!user} onClose={onClose} title={`${t('teams.userTeams')}: ${user?.name ?? ''}`}>
      <Stack>
        <MultiSelect
          label={t('teams.userTeams')}
          data={(teams.data ?? []).map((tm) => ({ value: String(tm.id), label: tm.name }))}
          value={picked}
          onChange={setPicked}
          searchable
          data-testid="user-teams-select"
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} data-testid="user-teams-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export const userTeamsAction = (open: (user: User) => void): RowAction<User> => ({
  key: 'teams',
  label: 'teams.userTeams',
  icon: <IconUsersGroup size={16} />,
  onClick: open,
  testId: 'user-teams-edit',
  inMenu: true,
});
