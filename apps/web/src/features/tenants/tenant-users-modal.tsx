import { ActionIcon, Badge, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Tenant, User } from '@prosa/contracts';
import { IconPencil } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/date';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { TenantUserForm } from './tenant-user-form';
import { useTenantUsers } from './use-tenants';

/** Operator: the users of one company, each editable in place. */
export function TenantUsersModal({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
  const { t } = useTranslation();
  const users = useTenantUsers(tenant?.id ?? null);
  const [editing, setEditing] = useState<User | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };

  return (
    <Modal opened={!!tenant} onClose={close} title={t('tenants.usersTitle', { name: tenant?.name ?? '' })} size="xl">
      {users.isPending ? (
        <LoadingBlock />
      ) : users.isError ? (
        <ErrorBlock error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.length === 0 ? (
        <EmptyState title={t('tenants.usersEmpty')} />
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs" data-testid="tenant-users-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.name')}</Table.Th>
                <Table.Th>{t('users.profile')}</Table.Th>
                <Table.Th>{t('users.lastLogin')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.map((user) => (
                <Fragment key={user.id}>
                  <Table.Tr data-testid="tenant-user-row" data-email={user.email}>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {user.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {user.email}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{t(`profiles.${user.profile}`)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('users.never')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <Tooltip label={t('common.edit')}>
                          <ActionIcon
                            variant="subtle"
                            onClick={() => setEditing(user)}
                            aria-label={`${t('common.edit')} ${user.name}`}
                            data-testid="tenant-user-edit"
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {editing?.id === user.id && tenant && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <TenantUserForm tenantId={tenant.id} user={user} onDone={() => setEditing(null)} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
