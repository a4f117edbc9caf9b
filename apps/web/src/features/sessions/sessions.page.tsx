import { Button, Paper, SimpleGrid } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Channel } from '@prosa/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantPlan } from '../../shared/api/tenant-queries';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { UsageBar } from '../../shared/ui/usage-bar';
import { useSyncTemplates } from '../attendance/api/use-templates';
import { ChannelCard } from './channel-card';
import { ChannelFormModal } from './channel-form-modal';
import {
  useChannelEvents,
  useChannels,
  useDeleteChannel,
  useSessionAction,
  useSyncContacts,
  type SessionAction,
} from './use-channels';
import { WebhookDeliveriesModal } from './webhook-deliveries-modal';

/** /sessoes: the company's connections, their live status and QR codes, and what to do with them. */
export function SessionsPage() {
  const { t } = useTranslation();
  const { message, toast } = useErrorMessage();
  const list = useChannels();
  const plan = useTenantPlan();
  const session = useSessionAction();
  const remove = useDeleteChannel();
  const syncTemplates = useSyncTemplates();
  const syncContacts = useSyncContacts();
  useChannelEvents();

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Channel | null>(null);
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [disconnecting, setDisconnecting] = useState<Channel | null>(null);
  const [pending, setPending] = useState<{ id: number; action: SessionAction } | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Channel | null>(null);

  const openForm = useCallback((channel: Channel | null) => {
    setEditing(channel);
    setFormOpen(true);
  }, []);
  const askDelete = useCallback((channel: Channel) => {
    setDeleteError(null);
    setDeleting(channel);
  }, []);

  const sessionMutate = session.mutate;
  const run = useCallback(
    (channel: Channel, action: SessionAction) => {
      setPending({ id: channel.id, action });
      sessionMutate(
        { id: channel.id, action },
        {
          onSuccess: () => {
            if (action === 'disconnect') notifySuccess(t('channels.disconnected', { name: channel.name }));
          },
          onError: toast,
          onSettled: () => setPending(null),
        },
      );
    },
    [sessionMutate, t, toast],
  );
  // Disconnecting stops the conversation flow: ask first. Connect and restart go straight away.
  const onSession = useCallback(
    (channel: Channel, action: SessionAction) => (action === 'disconnect' ? setDisconnecting(channel) : run(channel, action)),
    [run],
  );

  const syncMutate = syncTemplates.mutate;
  const onSyncTemplates = useCallback(
    (channel: Channel) =>
      syncMutate(channel.id, {
        onSuccess: (res) => notifySuccess(t('channels.templatesSynced', { synced: res.synced })),
        onError: toast,
      }),
    [syncMutate, t, toast],
  );

  const syncContactsMutate = syncContacts.mutate;
  const onSyncContacts = useCallback(
    (channel: Channel) =>
      syncContactsMutate(channel.id, {
        onSuccess: (res) => notifySuccess(t('channels.contactsSynced', { ...res, name: channel.name })),
        onError: toast,
      }),
    [syncContactsMutate, t, toast],
  );

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('channels.deleted'));
        setDeleting(null);
      },
      onError: (err) => setDeleteError(message(err)),
    });

  const channels = [...(list.data ?? [])].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));
  const limits = plan.data?.plan;
  const used = plan.data?.usage.connections ?? channels.length;

  return (
    <>
      <PageHeader
        title={t('channels.title')}
        subtitle={t('channels.subtitle')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => openForm(null)}
            disabled={limits ? used >= limits.maxConnections : false}
            data-testid="channel-add"
          >
            {t('channels.add')}
          </Button>
        }
      />
      {limits && (
        <Paper p="md" mb="lg" maw={420}>
          <UsageBar
            label={t('channels.usage')}
            used={used}
            max={limits.maxConnections}
            ofText={t('channels.usageOf', { used, max: limits.maxConnections })}
          />
        </Paper>
      )}
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : channels.length === 0 ? (
        <Paper>
          <EmptyState
            title={t('channels.empty')}
            hint={t('channels.emptyHint')}
            action={
              <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
                {t('channels.add')}
              </Button>
            }
          />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" data-testid="channel-list">
          {channels.map((channel) => (
            <ChannelCard
              key={channel.id}
              channel={channel}
              pending={pending?.id === channel.id ? pending.action : null}
              onSession={onSession}
              onEdit={openForm}
              onDelete={askDelete}
              onDeliveries={setDeliveriesOf}
              onSyncTemplates={onSyncTemplates}
              onSyncContacts={onSyncContacts}
            />
          ))}
        </SimpleGrid>
      )}
      <ChannelFormModal opened={formOpen} channel={editing} onClose={() => setFormOpen(false)} />
      <WebhookDeliveriesModal channel={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
      <ConfirmDialog
        opened={!!disconnecting}
        title={t('channels.disconnectTitle')}
        message={t('channels.disconnectConfirm', { name: disconnecting?.name ?? '' })}
        confirmLabel={t('channels.actions.disconnect')}
        onConfirm={() => {
          if (disconnecting) run(disconnecting, 'disconnect');
          setDisconnecting(null);
        }}
        onClose={() => setDisconnecting(null)}
      />
      <ConfirmDialog
        opened={!!deleting}
        title={t('channels.deleteTitle')}
        message={t('channels.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
