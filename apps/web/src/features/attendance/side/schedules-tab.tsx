import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { ScheduleItem, Ticket } from '@prosa/contracts';
import { IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/errors/toast-error';
import { formatDateTime } from '../../../shared/format/date';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/ui/notify';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../shared/ui/query-state';
import { ScheduleRepeat, ScheduleStatusBadge } from '../../schedules/schedule-bits';
import { ScheduleFormModal } from '../../schedules/schedule-form-modal';
import { useDeleteSchedule, useScheduleList } from '../../schedules/use-schedules';

/** The ticket's scheduled messages: listed, edited (pending ones) and cancelled here. */
export function SchedulesTab({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const list = useScheduleList({ ticketId: ticket.id, pageSize: 100 });
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<ScheduleItem | null>(null);
  const [cancelling, setCancelling] = useState<ScheduleItem | null>(null);
  // The ticket's pending count arrives live (ticket events): a schedule was sent, added or cancelled.
  const { refetch } = list;
  useEffect(() => {
    void refetch();
  }, [ticket.scheduledMessages, ticket.lastMessageAt, refetch]);
  if (list.isPending) return <LoadingBlock />;
  if (list.isError) return <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data.schedules;
  return (
    <>
      {rows.length === 0 ? (
        <EmptyState title={t('desk.side.noSchedules')} />
      ) : (
        <Stack gap="xs" data-testid="side-schedules">
          {rows.map((s) => (
            <Paper key={s.id} p="xs" radius="md" withBorder data-testid="side-schedule" data-schedule-id={s.id}>
              <Group justify="space-between" mb={4} wrap="nowrap">
                <Text size="xs" fw={600}>
                  {formatDateTime(s.sendAt)}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ScheduleStatusBadge s={s} />
                  {s.status === 'pending' && (
                    <Tooltip label={t('common.edit')}>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        aria-label={t('common.edit')}
                        onClick={() => setEditing(s)}
                        data-testid="side-schedule-edit"
                      >
                        <IconPencil size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label={t('schedules.deleteTitle')}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('schedules.deleteTitle')}
                      onClick={() => setCancelling(s)}
                      data-testid="side-schedule-cancel"
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
                {s.body}
              </Text>
              {s.mediaName && (
                <Group gap={4} mt={2}>
                  <IconPaperclip size={12} />
                  <Text size="xs">{s.mediaName}</Text>
                </Group>
              )}
              <ScheduleRepeat s={s} />
            </Paper>
          ))}
        </Stack>
      )}
      <ScheduleFormModal opened={!!editing} item={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={!!cancelling}
        title={t('schedules.deleteTitle')}
        message={t('schedules.deleteConfirm', { name: cancelling ? formatDateTime(cancelling.sendAt) : '' })}
        loading={remove.isPending}
        onConfirm={() =>
          cancelling &&
          remove.mutate(cancelling.id, {
            onSuccess: () => {
              notifySuccess(t('schedules.deleted'));
              setCancelling(null);
            },
            onError: (err) => {
              toastError(err);
              setCancelling(null);
            },
          })
        }
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
