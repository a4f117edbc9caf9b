import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { CAMPAIGN_EDITABLE, type CampaignContact } from '@prosa/contracts';
import { IconArrowLeft, IconPlus, IconTrash, IconUserMinus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CrudList } from '../../shared/crud/crud-list';
import type { CrudColumn, RowAction } from '../../shared/crud/types';
import { toastError } from '../../shared/errors/toast-error';
import { formatDateTime } from '../../shared/format/date';
import { ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { AddContactsModal } from './add-contacts-modal';
import { CampaignProgress, CampaignStatusBadge, RiskNotice, STATE_COLORS } from './campaign-bits';
import { DeliveryChart } from './delivery-chart';
import {
  CAMPAIGN_CONTACTS_PAGE_SIZE,
  useCampaign,
  useCampaignContacts,
  useCampaignEvents,
  useCancelCampaign,
  useRemoveAllCampaignContacts,
  useRemoveCampaignContact,
} from './use-campaigns';

const rowAttrs = (c: CampaignContact) => ({ 'data-name': c.name, 'data-state': c.status });

/** /campanhas/{campanhaId}: the campaign's contacts with their delivery state, the chart and totals. */
export function CampaignContactsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().campanhaId);
  const [page, setPage] = useState(1);
  const campaign = useCampaign(id);
  const contacts = useCampaignContacts(id, page);
  const removeOne = useRemoveCampaignContact();
  const removeAll = useRemoveAllCampaignContacts();
  const cancel = useCancelCampaign();
  const [adding, setAdding] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  useCampaignEvents();

  const c = campaign.data;
  const editable = !!c && CAMPAIGN_EDITABLE.includes(c.status);
  const running = c?.status === 'scheduled' || c?.status === 'processing';
  const columns = useMemo<CrudColumn<CampaignContact>[]>(
    () => [
      { key: 'name', header: 'campaigns.contactName', render: (r) => <Text fw={500}>{r.name}</Text> },
      { key: 'number', header: 'campaigns.contactNumber', render: (r) => <Text size="sm">{r.number}</Text> },
      {
        key: 'state',
        header: 'campaigns.state',
        testId: 'campaign-contact-state',
        render: (r) => (
          <Stack gap={0}>
            <Badge variant="dot" color={STATE_COLORS[r.status]} data-state={r.status}>
              {t(`campaigns.states.${r.status}`)}
            </Badge>
            {r.errorReason && (
              <Text size="xs" c="red">
                {r.errorReason}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        key: 'sentAt',
        header: 'campaigns.sentAt',
        render: (r) => <Text size="sm">{r.sentAt ? formatDateTime(r.sentAt) : '—'}</Text>,
      },
      { key: 'variant', header: 'campaigns.variant', render: (r) => <Text size="sm">{r.variant ?? '—'}</Text> },
    ],
    [t],
  );
  const removeMutate = removeOne.mutate;
  const actions = useMemo<RowAction<CampaignContact>[]>(
    () =>
      editable
        ? [
            {
              key: 'remove',
              label: 'campaigns.removeContact',
              icon: <IconUserMinus size={18} />,
              color: 'red',
              testId: 'campaign-contact-remove',
              onClick: (r) =>
                removeMutate(
                  { id, contactId: r.contactId },
                  { onSuccess: () => notifySuccess(t('campaigns.removed')), onError: toastError },
                ),
            },
          ]
        : [],
    [editable, removeMutate, id, t],
  );

  if (campaign.isPending) return <LoadingBlock />;
  if (campaign.isError || !c) return <ErrorBlock error={campaign.error} onRetry={() => void campaign.refetch()} />;
  const cancelNow = () =>
    cancel.mutate(c.id, { onSuccess: () => notifySuccess(t('campaigns.cancelled')), onError: toastError });
  return (
    <Stack data-testid="campaign-detail" data-status={c.status}>
      <Anchor component={Link} to="/campanhas" size="sm" data-testid="campaign-back">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('campaigns.back')}
        </Group>
      </Anchor>
      <PageHeader
        title={c.name}
        subtitle={t('campaigns.contactsTitle')}
        actions={
          <>
            {running && (
              <Button
                color="red"
                variant="light"
                onClick={cancelNow}
                loading={cancel.isPending}
                data-testid="campaign-detail-cancel"
              >
                {t('campaigns.cancel')}
              </Button>
            )}
            {editable && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirmAll(true)}
                disabled={c.total === 0}
                data-testid="campaign-remove-all"
              >
                {t('campaigns.removeAll')}
              </Button>
            )}
            {editable && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setAdding(true)}
                data-testid="campaign-add-contacts-open"
              >
                {t('campaigns.addContacts')}
              </Button>
            )}
          </>
        }
      />
      <Paper p="md">
        <Group justify="space-between" align="center">
          <CampaignStatusBadge status={c.status} />
          <CampaignProgress campaign={c} />
        </Group>
        {c.riskNotice && (
          <RiskNotice
            optedOut={c.optedOut}
            action={
              running ? (
                <Button size="compact-xs" color="red" onClick={cancelNow} data-testid="campaign-risk-cancel">
                  {t('campaigns.cancel')}
                </Button>
              ) : undefined
            }
          />
        )}
      </Paper>
      <DeliveryChart counts={c.counts} total={c.total} />
      <CrudList
        testId="campaign-contact"
        query={contacts}
        rows={contacts.data?.contacts ?? []}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        rowAttrs={rowAttrs}
        columns={columns}
        actions={actions}
        minWidth={560}
        empty={{ title: t('campaigns.emptyContacts') }}
        paging={{
          page,
          total: Math.ceil((contacts.data?.count ?? 0) / CAMPAIGN_CONTACTS_PAGE_SIZE),
          onChange: setPage,
        }}
      />
      <AddContactsModal campaignId={c.id} opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={confirmAll}
        title={t('campaigns.removeAllTitle')}
        message={t('campaigns.removeAllConfirm', { name: c.name })}
        loading={removeAll.isPending}
        onConfirm={() =>
          removeAll.mutate(c.id, {
            onSuccess: () => {
              notifySuccess(t('campaigns.removed'));
              setConfirmAll(false);
            },
            onError: (err) => {
              toastError(err);
              setConfirmAll(false);
            },
          })
        }
        onClose={() => setConfirmAll(false)}
      />
    </Stack>
  );
}
