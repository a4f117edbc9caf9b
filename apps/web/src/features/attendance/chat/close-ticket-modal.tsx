import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/errors/toast-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useUpdateTicket } from '../api/use-ticket-actions';
import { FarewellPicker } from './farewell-picker';

/** Resolve a ticket, optionally sending a farewell first (SPEC §4: it closes a few seconds later). */
export function CloseTicketModal({
  ticket,
  opened,
  onClose,
}: {
  ticket: Ticket;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateTicket();
  const [farewell, setFarewell] = useState('');
  // Without a typed farewell, the server sends the channel's default one (if it has one); unticked,
  // the ticket closes without any farewell.
  const [useChannelFarewell, setUseChannelFarewell] = useState(true);
  useEffect(() => {
    if (opened) {
      setFarewell('');
      setUseChannelFarewell(true);
    }
  }, [opened]);

  const submit = () => {
    const text = farewell.trim();
    update.mutate(
      { id: ticket.id, body: { status: 'closed', ...(text ? { farewellMessage: text } : { useChannelFarewell }) } },
      {
        onSuccess: (closed) => {
          notifySuccess(t(closed.status === 'closed' ? 'desk.actions.closed' : 'desk.actions.closedAfterFarewell'));
          onClose();
        },
        onError: toastError,
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('desk.actions.closeTitle')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('desk.actions.closeIntro')}
        </Text>
        <FarewellPicker opened={opened} onPick={setFarewell} />
        <Textarea
          label={t('desk.actions.farewell')}
          placeholder={t('desk.actions.farewellPlaceholder')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={4096}
          value={farewell}
          onChange={(e) => setFarewell(e.currentTarget.value)}
          data-autofocus
          data-testid="close-farewell"
        />
        {!farewell.trim() && (
          <Checkbox
            label={t('serviceTexts.useChannelFarewell')}
            checked={useChannelFarewell}
            onChange={(e) => setUseChannelFarewell(e.currentTarget.checked)}
            data-testid="close-channel-farewell"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={update.isPending} data-testid="close-confirm">
            {t('desk.actions.closeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
