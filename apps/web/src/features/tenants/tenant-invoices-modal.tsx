import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Modal, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { PAYMENT_GATEWAYS, ZAdminInvoiceUpdate, type PaymentGatewayName, type AdminInvoiceUpdate, type Invoice, type Tenant } from '@prosa/contracts';
import { IconCash, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorText } from '../../shared/errors/error-text';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { formatDateTime, formatIsoDate } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../shared/ui/notify';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { InvoiceStatusBadge } from '../financial/invoice-status';
import { useCompanyInvoices, useDeleteInvoice, useUpdateInvoice } from '../financial/use-invoices';

/** A payment confirmed by a gateway's webhook names the gateway. */
const isGateway = (by: string | null): by is PaymentGatewayName => (PAYMENT_GATEWAYS as readonly (string | null)[]).includes(by);

type EditIn = z.input<typeof ZAdminInvoiceUpdate>;

/** A new due date or value for an unpaid invoice, with the reason the log keeps. */
function EditInvoice({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateInvoice();
  const form = useForm<EditIn, unknown, AdminInvoiceUpdate>({
    defaultValues: { dueDate: invoice.dueDate, value: invoice.value, reason: '' },
    resolver: zodResolver(ZAdminInvoiceUpdate) as unknown as Resolver<EditIn, unknown, AdminInvoiceUpdate>,
  });
  const fieldError = useFieldError(form.formState.errors);
  const submit = form.handleSubmit((change) =>
    update.mutate(
      { id: invoice.id, change },
      {
        onSuccess: () => {
          notifySuccess(t('billing.saved'));
          onDone();
        },
        onError: (err) => handleFormError(err, form.setError, ['dueDate', 'value', 'reason']),
      },
    ),
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="invoice-edit">
      <Stack>
        <Group grow>
          <TextInput
            type="date"
            label={t('billing.dueDate')}
            {...form.register('dueDate')}
            error={fieldError('dueDate')}
            data-testid="invoice-edit-dueDate"
          />
          <TextInput
            label={t('billing.value')}
            inputMode="decimal"
            {...form.register('value')}
            error={fieldError('value')}
            data-testid="invoice-edit-value"
          />
        </Group>
        <TextInput
          label={t('billing.reason')}
          withAsterisk
          {...form.register('reason')}
          error={fieldError('reason')}
          data-testid="invoice-edit-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="invoice-edit-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Operator: a company's invoices; mark one paid, change or delete an unpaid one. */
export function TenantInvoicesModal({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useCompanyInvoices(tenant?.id ?? null);
  const update = useUpdateInvoice();
  const remove = useDeleteInvoice();
  const [editing, setEditing] = useState<Invoice | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [deleting, setDeleting] = useState<Invoice | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  return (
    <Modal opened={!!tenant} onClose={close} title={t('billing.operatorTitle', { name: tenant?.name ?? '' })} size="xl">
      {editing ? (
        <EditInvoice invoice={editing} onDone={() => setEditing(null)} />
      ) : list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('billing.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" data-testid="tenant-invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.dueDate')}</Table.Th>
                <Table.Th ta="right">{t('billing.value')}</Table.Th>
                <Table.Th>{t('common.status')}</Table.Th>
                <Table.Th>{t('billing.paidAt')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((inv) => (
                <Table.Tr key={inv.id} data-testid="tenant-invoice" data-id={inv.id}>
                  <Table.Td>{formatIsoDate(inv.dueDate)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(inv.value)}</Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge status={inv.status} />
                  </Table.Td>
                  <Table.Td>
                    {inv.paidAt ? (
                      <Text size="sm">
                        {formatDateTime(inv.paidAt)} ·{' '}
                        {inv.paidBy === 'operator'
                          ? t('billing.operatorPaid')
                          : isGateway(inv.paidBy)
                            ? t(`platform.gateways.${inv.paidBy}`)
                            : inv.paidBy}
                      </Text>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    {inv.status !== 'paid' && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('billing.markPaid')}>
                          <ActionIcon
                            variant="subtle"
                            color="teal"
                            aria-label={t('billing.markPaid')}
                            onClick={() => setPaying(inv)}
                            data-testid="invoice-mark-paid"
                          >
                            <IconCash size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('billing.edit')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('billing.edit')}
                            onClick={() => setEditing(inv)}
                            data-testid="invoice-edit-open"
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('billing.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('billing.delete')}
                            onClick={() => setDeleting(inv)}
                            data-testid="invoice-delete"
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={!!paying}
        title={t('billing.markPaid')}
        message={t('billing.markPaidConfirm', { value: formatMoney(paying?.value ?? 0) })}
        confirmLabel={t('billing.markPaid')}
        loading={update.isPending}
        error={update.error ? errorText(update.error).message : null}
        onConfirm={() =>
          paying &&
          update.mutate(
            { id: paying.id, change: { status: 'paid', reason: '' } },
            {
              onSuccess: () => {
                notifySuccess(t('billing.paidDone'));
                setPaying(null);
              },
            },
          )
        }
        onClose={() => {
          update.reset();
          setPaying(null);
        }}
      />
      <ConfirmDialog
        opened={!!deleting}
        title={t('billing.delete')}
        message={t('billing.deleteConfirm', {
          value: formatMoney(deleting?.value ?? 0),
          date: deleting ? formatIsoDate(deleting.dueDate) : '',
        })}
        confirmLabel={t('billing.delete')}
        loading={remove.isPending}
        error={remove.error ? errorText(remove.error).message : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('billing.deleted'));
              setDeleting(null);
            },
          })
        }
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </Modal>
  );
}
