import { ActionIcon, Badge, Button, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import type { Plan } from '@prosa/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../shared/errors/toast-error';
import { formatMoney } from '../../shared/format/money';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { PlanFormModal } from './plan-form-modal';
import { useDeletePlan, usePlans } from './use-plans';

const FEATURES = ['group', 'campaign', 'integrations'] as const;

/** Operator: the plans companies subscribe to. */
export function PlansPage() {
  const { t } = useTranslation();
  const plans = usePlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<Plan | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const open = (plan: Plan | null) => {
    setEditing(plan);
    setFormOpen(true);
  };
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => notifySuccess(t('plans.deleted')),
      onError: toastError,
      onSettled: () => setDeleting(null),
    });

  return (
    <>
      <PageHeader
        title={t('plans.title')}
        subtitle={t('plans.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="plan-add">
            {t('plans.add')}
          </Button>
        }
      />
      <Paper p={0}>
        {plans.isPending ? (
          <LoadingBlock />
        ) : plans.isError ? (
          <ErrorBlock error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.data.length === 0 ? (
          <EmptyState title={t('plans.empty')} />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="plan-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('plans.name')}</Table.Th>
                  <Table.Th ta="right">{t('plans.maxUsers')}</Table.Th>
                  <Table.Th ta="right">{t('plans.maxConnections')}</Table.Th>
                  <Table.Th ta="right">{t('plans.value')}</Table.Th>
                  <Table.Th>{t('plans.features')}</Table.Th>
                  <Table.Th>{t('plans.visibility')}</Table.Th>
                  <Table.Th ta="right">{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plans.data.map((plan) => (
                  <Table.Tr key={plan.id} className="prosa-table-row" data-testid="plan-row" data-name={plan.name}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {plan.name}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{plan.maxUsers}</Table.Td>
                    <Table.Td ta="right">{plan.maxConnections}</Table.Td>
                    <Table.Td ta="right">{formatMoney(plan.value)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {FEATURES.filter((f) => plan[f]).map((f) => (
                          <Badge key={f} variant="light" color="gray" tt="none">
                            {t(`plans.${f}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={plan.isPublic ? 'teal' : 'gray'}>
                        {plan.isPublic ? t('plans.public') : t('plans.private')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('common.edit')}>
                          <ActionIcon
                            variant="subtle"
                            onClick={() => open(plan)}
                            aria-label={`${t('common.edit')} ${plan.name}`}
                            data-testid="plan-edit"
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('common.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(plan)}
                            aria-label={`${t('common.delete')} ${plan.name}`}
                            data-testid="plan-delete"
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <PlanFormModal opened={formOpen} plan={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        opened={!!deleting}
        title={t('plans.deleteTitle')}
        message={t('plans.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
