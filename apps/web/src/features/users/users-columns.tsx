import { Avatar, Badge, Group, Text } from '@mantine/core';
import type { User } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import type { CrudColumn } from '../../shared/crud/types';
import { formatDateTime } from '../../shared/format/date';
import { ColorBadge } from '../../shared/ui/color-dot';
import { UserTeamsCell } from '../teams/user-teams';

const PROFILE_COLOR = { admin: 'grape', supervisor: 'blue', supervisorfila: 'cyan', user: 'gray' } as const;

function NameCell({ user }: { user: User }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar radius="xl" size={34} color="prosa">
        {user.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {user.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {user.email}
        </Text>
      </div>
    </Group>
  );
}

function ProfileCell({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={PROFILE_COLOR[user.profile]}>
      {t(`profiles.${user.profile}`)}
    </Badge>
  );
}

function StatusCell({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={user.isOnline ? 'teal' : 'gray'}>
      {user.isOnline ? t('users.online') : t('users.offline')}
    </Badge>
  );
}

function LastLoginCell({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c={user.lastLoginAt ? undefined : 'dimmed'}>
      {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('users.never')}
    </Text>
  );
}

export const USER_COLUMNS: CrudColumn<User>[] = [
  { key: 'name', header: 'users.name', render: (u) => <NameCell user={u} /> },
  { key: 'profile', header: 'users.profile', render: (u) => <ProfileCell user={u} /> },
  {
    key: 'queues',
    header: 'users.queues',
    render: (u) => (
      <Group gap={4}>
        {u.queues.map((q) => (
          <ColorBadge key={q.id} color={q.color} name={q.name} />
        ))}
      </Group>
    ),
  },
  { key: 'teams', header: 'teams.userTeams', render: (u) => <UserTeamsCell user={u} /> },
  { key: 'status', header: 'users.status', render: (u) => <StatusCell user={u} /> },
  { key: 'lastLogin', header: 'users.lastLogin', render: (u) => <LastLoginCell user={u} /> },
];

export const userRowAttrs = (u: User) => ({ 'data-email': u.email });
