import { ActionIcon, Avatar, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import type { User } from '@prosa/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/date';
import { ColorBadge } from '../../shared/ui/color-dot';

const PROFILE_COLOR = { admin: 'grape', supervisor: 'blue', supervisorfila: 'cyan', user: 'gray' } as const;

/** Edit and delete appear only where the server says this user may (`can`). */
export function UsersTable({
  users,
  onEdit,
  onDelete,
}: {
  users: User[];
  onEdit: (u: User) => void;
  onDelete: (u: User) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="user-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.name')}</Table.Th>
            <Table.Th>{t('users.profile')}</Table.Th>
            <Table.Th>{t('users.queues')}</Table.Th>
            <Table.Th>{t('users.status')}</Table.Th>
            <Table.Th>{t('users.lastLogin')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} className="prosa-table-row" data-testid="user-row" data-email={user.email}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar radius="xl" size={34} color="prosa">
                    {user.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <div>
                    <Text size="sm" fw={600}>
                      {user.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {user.email}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={PROFILE_COLOR[user.profile]}>
                  {t(`profiles.${user.profile}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {user.queues.map((q) => (
                    <ColorBadge key={q.id} color={q.color} name={q.name} />
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge variant="dot" color={user.isOnline ? 'teal' : 'gray'}>
                  {user.isOnline ? t('users.online') : t('users.offline')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={user.lastLoginAt ? undefined : 'dimmed'}>
                  {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('users.never')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {user.can.edit && (
                    <Tooltip label={t('common.edit')}>
                      <ActionIcon
                        variant="subtle"
                        onClick={() => onEdit(user)}
                        aria-label={`${t('common.edit')} ${user.name}`}
                        data-testid="user-edit"
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {user.can.delete && (
                    <Tooltip label={t('common.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(user)}
                        aria-label={`${t('common.delete')} ${user.name}`}
                        data-testid="user-delete"
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
