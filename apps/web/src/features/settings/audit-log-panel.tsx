import { Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import type { AuditLogList } from '@prosa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../shared/api/client';
import { formatDateTime } from '../../shared/format/date';
import { ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';

/**
 * Audit mode's log (GET /audit-logs, SPEC §6): who opened someone else's ticket and which tickets
 * were deleted, newest first, a page at a time. Rows of deleted tickets stay.
 */
export function AuditLogPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const logs = useQuery({
    queryKey: ['audit-logs', page],
    queryFn: () => http.get<AuditLogList>(`/audit-logs?pageNumber=${page}`),
    placeholderData: keepPreviousData,
  });

  return (
    <Paper p="lg" mt="lg" data-testid="audit-log">
      <Title order={4}>{t('settings.audit.title')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('settings.audit.subtitle')}
      </Text>
      {logs.isPending ? (
        <LoadingBlock />
      ) : logs.isError ? (
        <ErrorBlock error={logs.error} onRetry={() => void logs.refetch()} />
      ) : logs.data.logs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('settings.audit.empty')}
        </Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.audit.when')}</Table.Th>
              <Table.Th>{t('settings.audit.who')}</Table.Th>
              <Table.Th>{t('settings.audit.action')}</Table.Th>
              <Table.Th>{t('settings.audit.ticket')}</Table.Th>
              <Table.Th>{t('settings.audit.contact')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {logs.data.logs.map((log) => (
              <Table.Tr key={log.id} data-testid="audit-row">
                <Table.Td>{formatDateTime(log.createdAt)}</Table.Td>
                <Table.Td>{log.user?.name ?? t('settings.audit.removedUser')}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={log.action === 'delete' ? 'red' : 'blue'}>
                    {t(`settings.audit.actions.${log.action}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{log.protocol || `#${log.ticketId}`}</Table.Td>
                <Table.Td>{log.contactName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {(page > 1 || logs.data?.hasMore) && (
        <Group justify="flex-end" mt="sm">
          <Button size="xs" variant="default" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            {t('settings.audit.previous')}
          </Button>
          <Button size="xs" variant="default" disabled={!logs.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
            {t('settings.audit.next')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
