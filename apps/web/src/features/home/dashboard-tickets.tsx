import { Alert, Badge, Button, Checkbox, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { formatDateTime } from '../../shared/format/date';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../shared/ui/notify';
import type { DashboardFilterState } from './dashboard-period';
import { useBulkTickets, useDashboardTickets } from './use-dashboard-tickets';

interface Props {
  filter: Pick<DashboardFilterState, 'queueIds' | 'channelIds'>;
}

/**
 * Bulk close and bulk delete (SPEC §2, the dashboard): the open and pending tickets of the
 * dashboard's queues and channels, a page at a time, with a checkbox per row. A ticket offers each
 * action only when the server says the viewer may (`can.close`, `can.delete`). Keyed by the filter
 * in its parent: other queues or channels start again on page 1 with nothing selected.
 */
export function DashboardTickets({ filter }: Props) {
  const { t } = useTranslation();
  const { message } = useErrorMessage();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [asking, setAsking] = useState<'close' | 'delete' | null>(null);
  const list = useDashboardTickets(filter, page);
  const close = useBulkTickets('close');
  const remove = useBulkTickets('delete');
  const rows = list.data?.tickets ?? [];
  const chosen = rows.filter((r) => selected.has(r.id));
  const canClose = chosen.length > 0 && chosen.every((r) => r.can.close);
  const canDelete = chosen.length > 0 && chosen.every((r) => r.can.delete);
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const goTo = (n: number) => {
    setPage(n);
    setSelected(new Set());
  };
  const mutation = asking === 'delete' ? remove : close;
  const confirm = () => {
    const ticketIds = chosen.map((r) => r.id);
    mutation.mutate(
      { ticketIds },
      {
        onSuccess: (res) => {
          notifySuccess(t(asking === 'delete' ? 'dashboard.bulk.deleted' : 'dashboard.bulk.closed', { count: res.count }));
          setSelected(new Set());
          setAsking(null);
        },
      },
    );
  };

  return (
    <Paper p="lg" mt="lg" data-testid="dashboard-tickets">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <div>
          <Title order={5}>{t('dashboard.bulk.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('dashboard.bulk.hint')}
          </Text>
        </div>
        <Group gap="sm">
          <Button
            leftSection={<IconCircleCheck size={16} />}
            disabled={!canClose}
            onClick={() => {
              close.reset();
              setAsking('close');
            }}
            data-testid="dashboard-bulk-close"
          >
            {t('dashboard.bulk.close', { count: chosen.length })}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={!canDelete}
            onClick={() => {
              remove.reset();
              setAsking('delete');
            }}
            data-testid="dashboard-bulk-delete"
          >
            {t('dashboard.bulk.delete', { count: chosen.length })}
          </Button>
        </Group>
      </Group>
      {list.isError && (
        <Alert color="red" data-testid="dashboard-tickets-error">
          {t('dashboard.bulk.error')}
        </Alert>
      )}
      {list.data && rows.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="dashboard-tickets-empty">
          {t('dashboard.bulk.empty')}
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('dashboard.bulk.selectAll')}
                    checked={allOnPage}
                    indeterminate={!allOnPage && chosen.length > 0}
                    onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)))}
                    data-testid="dashboard-tickets-all"
                  />
                </Table.Th>
                <Table.Th>{t('dashboard.bulk.contact')}</Table.Th>
                <Table.Th>{t('dashboard.bulk.status')}</Table.Th>
                <Table.Th>{t('dashboard.bulk.protocol')}</Table.Th>
                <Table.Th>{t('dashboard.bulk.lastMessage')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-testid="dashboard-ticket" data-id={r.id} data-status={r.status}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('dashboard.bulk.select', { protocol: r.protocol })}
                      checked={selected.has(r.id)}
                      onChange={() => toggle(r.id)}
                      data-testid="dashboard-ticket-check"
                    />
                  </Table.Td>
                  <Table.Td>{r.contact.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={r.status === 'open' ? 'blue' : 'orange'}>
                      {t(r.status === 'open' ? 'dashboard.bulk.statusOpen' : 'dashboard.bulk.statusPending')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.protocol}</Table.Td>
                  <Table.Td>{formatDateTime(r.lastMessageAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(page > 1 || list.data?.hasMore) && (
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" size="xs" disabled={page === 1} onClick={() => goTo(page - 1)}>
            {t('dashboard.bulk.previous')}
          </Button>
          <Text size="sm" data-testid="dashboard-tickets-page">
            {t('dashboard.bulk.page', { page })}
          </Text>
          <Button variant="default" size="xs" disabled={!list.data?.hasMore} onClick={() => goTo(page + 1)}>
            {t('dashboard.bulk.next')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={t(asking === 'delete' ? 'dashboard.bulk.deleteTitle' : 'dashboard.bulk.closeTitle')}
        message={t(asking === 'delete' ? 'dashboard.bulk.deleteMessage' : 'dashboard.bulk.closeMessage', {
          count: chosen.length,
        })}
        confirmLabel={t(asking === 'delete' ? 'dashboard.bulk.deleteConfirm' : 'dashboard.bulk.closeConfirm')}
        loading={mutation.isPending}
        error={mutation.isError ? message(mutation.error) : null}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </Paper>
  );
}
