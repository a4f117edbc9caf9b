import { Button, Group, Pagination, Paper, Table, Text } from '@mantine/core';
import { INVOICE_PAGE_SIZE, type Invoice } from '@prosa/contracts';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIsoDate } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { InvoiceStatusBadge } from './invoice-status';
import { GatewayPayModal } from './gateway-pay-modal';
import { PixPayModal } from './pix-pay-modal';
import { useInvoiceEvents, useInvoices } from './use-invoices';

/**
 * /financeiro, for admins: the company's invoices, each open or overdue one payable by Pix to the
 * operator's key, or through the platform's gateway when one is active (the list says which).
 */
export function InvoicesSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const list = useInvoices(page, true);
  useInvoiceEvents();
  return (
    <Paper p="lg" data-testid="invoices">
      <Text fw={600} mb="sm">
        {t('billing.invoices')}
      </Text>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.count === 0 ? (
        <EmptyState title={t('billing.empty')} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('billing.dueDate')}</Table.Th>
                  <Table.Th>{t('billing.plan')}</Table.Th>
                  <Table.Th ta="right">{t('billing.value')}</Table.Th>
                  <Table.Th>{t('common.status')}</Table.Th>
                  <Table.Th>{t('billing.paidAt')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.invoices.map((inv) => (
                  <Table.Tr key={inv.id} data-testid="invoice-row" data-id={inv.id}>
                    <Table.Td>{formatIsoDate(inv.dueDate)}</Table.Td>
                    <Table.Td>{inv.planName}</Table.Td>
                    <Table.Td ta="right" data-testid="invoice-value">
                      {formatMoney(inv.value)}
                    </Table.Td>
                    <Table.Td>
                      <InvoiceStatusBadge status={inv.status} />
                    </Table.Td>
                    <Table.Td>{inv.paidAt ? formatDateTime(inv.paidAt) : '—'}</Table.Td>
                    <Table.Td ta="right">
                      {inv.status !== 'paid' && (
                        <Button
                          size="xs"
                          leftSection={<IconQrcode size={16} />}
                          onClick={() => setPaying(inv)}
                          data-testid="invoice-pay"
                        >
                          {list.data.gateway ? t('billing.payOnline') : t('billing.pay')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data.count > INVOICE_PAGE_SIZE && (
            <Group justify="center" mt="md">
              <Pagination total={Math.ceil(list.data.count / INVOICE_PAGE_SIZE)} value={page} onChange={setPage} />
            </Group>
          )}
        </>
      )}
      {list.data?.gateway ? (
        <GatewayPayModal
          invoice={paying}
          // The list is read again on the `invoice` event: the webhook paid it.
          paid={!!paying && list.data.invoices.some((i) => i.id === paying.id && i.status === 'paid')}
          onClose={() => setPaying(null)}
        />
      ) : (
        <PixPayModal invoice={paying} onClose={() => setPaying(null)} />
      )}
    </Paper>
  );
}
