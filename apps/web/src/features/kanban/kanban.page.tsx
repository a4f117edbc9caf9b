import { Button } from '@mantine/core';
import type { Lane } from '@prosa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { CrudToolbar, SearchBox } from '../../shared/crud/crud-toolbar';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { isAdminProfile } from '../../shared/auth/session';
import { useSession } from '../../shared/auth/use-session';
import { connectSocket } from '../../shared/realtime/socket';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { KanbanBoard } from './kanban-board';
import { LaneFormModal } from './lane-form-modal';
import { KANBAN_KEY, useDeleteLane, useLanes } from './use-kanban';

/** `lane` and `contact` events refresh the board (another user moved a card or changed a lane). */
function useKanbanEvents() {
  const qc = useQueryClient();
  useEffect(() => {
    const socket = connectSocket();
    const refresh = () => void qc.invalidateQueries({ queryKey: KANBAN_KEY });
    socket.on('lane', refresh);
    socket.on('contact', refresh);
    return () => {
      socket.off('lane', refresh);
      socket.off('contact', refresh);
    };
  }, [qc]);
}

/** /kanban: the CRM lanes as columns of contacts (SPEC §2); managing lanes for whoever may. */
export function KanbanPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { message: errorText } = useErrorMessage();
  const search = useDebouncedSearch(300, 2);
  const lanes = useLanes();
  const remove = useDeleteLane();
  const [form, setForm] = useState<{ opened: boolean; lane: Lane | null }>({ opened: false, lane: null });
  const [deleting, setDeleting] = useState<Lane | null>(null);
  useKanbanEvents();
  const canManage = lanes.data?.can.manage ?? false;
  const subtitle = lanes.data?.separatePerUser ? t('kanban.subtitleOwn') : t('kanban.subtitle');

  return (
    <>
      <PageHeader
        title={t('kanban.title')}
        subtitle={subtitle}
        actions={
          canManage && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setForm({ opened: true, lane: null })}
              data-testid="lane-add"
            >
              {t('kanban.addLane')}
            </Button>
          )
        }
      />
      <CrudToolbar testId="kanban">
        <SearchBox
          label={t('kanban.search')}
          value={search.value}
          onChange={search.setValue}
          width={300}
          testId="kanban-search"
        />
      </CrudToolbar>
      {lanes.isPending ? (
        <LoadingBlock />
      ) : lanes.isError ? (
        <ErrorBlock error={lanes.error} onRetry={() => void lanes.refetch()} />
      ) : lanes.data.lanes.length === 0 ? (
        <EmptyState title={t('kanban.empty')} hint={canManage ? undefined : t('kanban.noLanesHint')} />
      ) : (
        <KanbanBoard
          lanes={lanes.data.lanes}
          canManage={canManage}
          search={search.debounced}
          onEditLane={(lane) => setForm({ opened: true, lane })}
          onDeleteLane={setDeleting}
        />
      )}
      <LaneFormModal
        opened={form.opened}
        item={form.lane}
        onClose={() => setForm({ opened: false, lane: null })}
        withFlow={isAdminProfile(session?.profile)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('kanban.deleteLaneTitle')}
        message={t('kanban.deleteLaneConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('kanban.laneDeleted'));
              setDeleting(null);
            },
          })
        }
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </>
  );
}
