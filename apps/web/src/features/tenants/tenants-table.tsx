import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { OPERATOR_TENANT_ID, type Tenant } from '@prosa/contracts';
import {
  IconCalendarPlus,
  IconDots,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate, isPastDue } from '../../shared/format/date';

export interface TenantActions {
  onEdit: (t: Tenant) => void;
  onUsers: (t: Tenant) => void;
  onToggle: (t: Tenant) => void;
  onAddMonth: (t: Tenant) => void;
  onDelete: (t: Tenant) => void;
}

export function TenantsTable({ tenants, actions }: { tenants: Tenant[]; actions: TenantActions }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="tenant-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tenants.name')}</Table.Th>
            <Table.Th>{t('tenants.phone')}</Table.Th>
            <Table.Th>{t('tenants.plan')}</Table.Th>
            <Table.Th>{t('tenants.dueDate')}</Table.Th>
            <Table.Th ta="right">{t('tenants.users')}</Table.Th>
            <Table.Th>{t('common.status')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenants.map((tenant) => {
            const operator = tenant.id === OPERATOR_TENANT_ID;
            const overdue = isPastDue(tenant.dueDate);
            return (
              <Table.Tr key={tenant.id} className="prosa-table-row" data-testid="tenant-row" data-name={tenant.name}>
                <Table.Td>
                  <Stack gap={0}>
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {tenant.name}
                      </Text>
                      {operator && (
                        <Badge size="xs" variant="outline">
                          {t('tenants.operator')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {[tenant.responsible, tenant.email].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{tenant.phone || '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{tenant.planName ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`tenants.recurrences.${tenant.recurrence}`)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text
                    size="sm"
                    c={overdue ? 'red' : undefined}
                    fw={overdue ? 600 : undefined}
                    data-testid="tenant-due-date"
                  >
                    {formatIsoDate(tenant.dueDate)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{tenant.usersCount}</Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={tenant.status === 'active' ? 'teal' : 'gray'}>
                    {tenant.status === 'active' ? t('tenants.statusActive') : t('tenants.statusInactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={t('common.edit')}>
                      <ActionIcon
                        variant="subtle"
                        onClick={() => actions.onEdit(tenant)}
                        aria-label={`${t('common.edit')} ${tenant.name}`}
                        data-testid="tenant-edit"
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`${t('common.actions')} ${tenant.name}`}
                          data-testid="tenant-menu"
                        >
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconUsers size={16} />}
                          onClick={() => actions.onUsers(tenant)}
                          data-testid="tenant-users"
                        >
                          {t('tenants.viewUsers')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconCalendarPlus size={16} />}
                          onClick={() => actions.onAddMonth(tenant)}
                          data-testid="tenant-add-month"
                        >
                          {t('tenants.addMonth')}
                        </Menu.Item>
                        {!operator && (
                          <>
                            <Menu.Item
                              leftSection={
                                tenant.status === 'active' ? (
                                  <IconPlayerPause size={16} />
                                ) : (
                                  <IconPlayerPlay size={16} />
                                )
                              }
                              onClick={() => actions.onToggle(tenant)}
                              data-testid="tenant-toggle"
                            >
                              {tenant.status === 'active' ? t('tenants.deactivate') : t('tenants.activate')}
                            </Menu.Item>
                            <Menu.Divider />
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={16} />}
                              onClick={() => actions.onDelete(tenant)}
                              data-testid="tenant-delete"
                            >
                              {t('common.delete')}
                            </Menu.Item>
                          </>
                        )}
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
