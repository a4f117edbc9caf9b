import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getSession } from '../../../shared/auth/session';
import { toastError } from '../../../shared/errors/toast-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { QUEUES_RESOURCE } from '../../color-items/color-item-resource';
import { useColorItems } from '../../color-items/use-color-items';
import { useAllUsers } from '../../users/use-all-users';
import { useUpdateTicket } from '../api/use-ticket-actions';

/** Transfer to a queue and/or a user: PUT {queueId, userId, isTransference: true}. */
export function TransferTicketModal({
  ticket,
  opened,
  onClose,
}: {
  ticket: Ticket;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateTicket();
  const queues = useColorItems(QUEUES_RESOURCE);
  const users = useAllUsers(opened);
  const [queueId, setQueueId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setQueueId(ticket.queueId ? String(ticket.queueId) : null);
    setUserId(null);
    setMissing(false);
  }, [opened, ticket.queueId]);

  // With a queue chosen, the users of that queue; the current user is left out.
  const userOptions = (users.data ?? [])
    .filter((u) => u.id !== ticket.userId && (!queueId || u.queues.some((q) => String(q.id) === queueId)))
    .map((u) => ({ value: String(u.id), label: u.isOnline ? `${u.name} · ${t('desk.actions.online')}` : u.name }));

  const submit = () => {
    const sameQueue = !queueId || Number(queueId) === ticket.queueId;
    if (sameQueue && !userId) return setMissing(true);
    update.mutate(
      {
        id: ticket.id,
        body: {
          queueId: queueId ? Number(queueId) : null,
          userId: userId ? Number(userId) : null,
          isTransference: true,
        },
      },
      {
        onSuccess: (moved) => {
          notifySuccess(t('desk.actions.transferred'));
          onClose();
          // Handed over: back to the list, unless it came back to this user.
          if (moved.userId !== getSession()?.userId) void navigate('/atendimento');
        },
        onError: toastError,
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('desk.actions.transferTitle')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('desk.actions.transferIntro')}
        </Text>
        <Select
          label={t('desk.actions.transferQueue')}
          data={(queues.data ?? []).filter((q) => q.active).map((q) => ({ value: String(q.id), label: q.name }))}
          value={queueId}
          onChange={(v) => {
            setQueueId(v);
            setUserId(null);
            setMissing(false);
          }}
          clearable
          searchable
          data-testid="transfer-queue"
        />
        <Select
          label={t('desk.actions.transferUser')}
          placeholder={t('desk.actions.transferUserPlaceholder')}
          data={userOptions}
          value={userId}
          onChange={(v) => {
            setUserId(v);
            setMissing(false);
          }}
          clearable
          searchable
          nothingFoundMessage={t('common.none')}
          data-testid="transfer-user"
        />
        {missing && (
          <Alert color="orange" variant="light" py={8}>
            {t('desk.actions.transferNeedsTarget')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={update.isPending} data-testid="transfer-confirm">
            {t('desk.actions.transferConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
