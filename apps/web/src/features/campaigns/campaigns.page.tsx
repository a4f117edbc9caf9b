import { Button, Stack, Text } from '@mantine/core';
import { CAMPAIGN_EDITABLE, type Campaign } from '@prosa/contracts';
import { IconPlayerPlay, IconPlayerStop, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudToolbar, SearchBox } from '../../shared/crud/crud-toolbar';
import { CrudPage } from '../../shared/crud/crud-page';
import type { CrudColumn, RowAction } from '../../shared/crud/types';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';
import { toastError } from '../../shared/errors/toast-error';
import { formatDateTime } from '../../shared/format/date';
import { notifySuccess } from '../../shared/ui/notify';
import { useChannels } from '../sessions/use-channels';
import { CampaignCounts, CampaignProgress, CampaignStatusBadge, RiskNotice } from './campaign-bits';
import { CampaignFormModal } from './campaign-form-modal';
import { StartCampaignModal } from './start-campaign-modal';
import {
  CAMPAIGNS_PAGE_SIZE,
  useCampaignEvents,
  useCampaigns,
  useCancelCampaign,
  useDeleteCampaign,
} from './use-campaigns';

/** The row as the list shows it: whether it may be edited follows SPEC §4 (pending or cancelled). */
type Row = Campaign & { can: { edit: boolean; delete: boolean } };
const rowAttrs = (c: Campaign) => ({ 'data-name': c.name, 'data-status': c.status });
const running = (c: Campaign) => c.status === 'scheduled' || c.status === 'processing';

/** /campanhas: the company's campaigns, live through the `campaign` socket events. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useDebouncedSearch();
  const [page, setPage] = useState(1);
  const list = useCampaigns(page, search.debounced);
  const channels = useChannels();
  const remove = useDeleteCampaign();
  const cancel = useCancelCampaign();
  const [starting, setStarting] = useState<Campaign | null>(null);
  useCampaignEvents();

  const rows = useMemo<Row[]>(
    () =>
      (list.data?.campaigns ?? []).map((c) => ({
        ...c,
        can: { edit: CAMPAIGN_EDITABLE.includes(c.status), delete: true },
      })),
    [list.data],
  );
  const channelName = useMemo(() => new Map((channels.data ?? []).map((c) => [c.id, c.name])), [channels.data]);
  const cancelMutate = cancel.mutate;
  const doCancel = useMemo(
    () => (c: Campaign) =>
      cancelMutate(c.id, { onSuccess: () => notifySuccess(t('campaigns.cancelled')), onError: toastError }),
    [cancelMutate, t],
  );

  const columns = useMemo<CrudColumn<Row>[]>(
    () => [
      {
        key: 'name',
        header: 'campaigns.name',
        render: (c) => (
          <Stack gap={4}>
            <Text fw={500}>{c.name}</Text>
            {c.riskNotice && running(c) && (
              <RiskNotice
                optedOut={c.optedOut}
                action={
                  <Button size="compact-xs" color="red" onClick={() => doCancel(c)} data-testid="campaign-risk-cancel">
                    {t('campaigns.cancel')}
                  </Button>
                }
              />
            )}
            {c.riskNotice && !running(c) && <RiskNotice optedOut={c.optedOut} />}
          </Stack>
        ),
      },
      { key: 'status', header: 'campaigns.status', render: (c) => <CampaignStatusBadge status={c.status} /> },
      {
        key: 'startAt',
        header: 'campaigns.startAt',
        render: (c) => <Text size="sm">{c.startAt ? formatDateTime(c.startAt) : t('campaigns.notScheduled')}</Text>,
      },
      {
        key: 'channel',
        header: 'campaigns.channel',
        render: (c) => (
          <Text size="sm">
            {c.channelId ? (channelName.get(c.channelId) ?? `#${c.channelId}`) : t('campaigns.noChannel')}
          </Text>
        ),
      },
      { key: 'progress', header: 'campaigns.progress', render: (c) => <CampaignProgress campaign={c} /> },
      { key: 'counts', header: 'campaigns.deliveries', render: (c) => <CampaignCounts counts={c.counts} /> },
    ],
    [t, channelName, doCancel],
  );

  const actions = useMemo<RowAction<Row>[]>(
    () => [
      {
        key: 'contacts',
        label: 'campaigns.contacts',
        icon: <IconUsers size={18} />,
        testId: 'campaign-contacts',
        onClick: (c) => void navigate(`/campanhas/${c.id}`),
      },
      {
        key: 'start',
        label: 'campaigns.start',
        icon: <IconPlayerPlay size={18} />,
        color: 'teal',
        testId: 'campaign-start',
        visible: (c) => CAMPAIGN_EDITABLE.includes(c.status),
        onClick: (c) => setStarting(c),
      },
      {
        key: 'cancel',
        label: 'campaigns.cancel',
        icon: <IconPlayerStop size={18} />,
        color: 'red',
        testId: 'campaign-cancel',
        visible: running,
        loading: (c) => cancel.isPending && cancel.variables === c.id,
        onClick: doCancel,
      },
    ],
    [navigate, doCancel, cancel.isPending, cancel.variables],
  );

  const count = list.data?.count ?? 0;
  return (
    <>
      <CrudPage
        testId="campaign"
        texts={{
          title: 'campaigns.title',
          add: 'campaigns.add',
          deleteTitle: 'campaigns.deleteTitle',
          deleteConfirm: 'campaigns.deleteConfirm',
          deleted: 'campaigns.deleted',
        }}
        toolbar={
          <CrudToolbar testId="campaign" count={String(count)}>
            <SearchBox
              value={search.value}
              onChange={(v) => {
                search.setValue(v);
                setPage(1);
              }}
              label={t('campaigns.search')}
              testId="campaign-search"
            />
          </CrudToolbar>
        }
        query={list}
        rows={rows}
        columns={columns}
        rowAttrs={rowAttrs}
        actions={actions}
        deleteInMenu
        empty={{ title: t('campaigns.empty') }}
        remove={remove}
        paging={{ page, total: Math.ceil(count / CAMPAIGNS_PAGE_SIZE), onChange: setPage }}
        renderForm={(slot) => <CampaignFormModal {...slot} />}
      />
      <StartCampaignModal campaign={starting} onClose={() => setStarting(null)} />
    </>
  );
}
