import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { Message } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/errors/toast-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useMessageActions } from '../api/use-message-actions';

export function EditMessageModal({
  ticketId,
  message,
  onClose,
}: {
  ticketId: number;
  message: Message | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { edit } = useMessageActions(ticketId);
  const [body, setBody] = useState('');
  useEffect(() => setBody(message?.body ?? ''), [message]);
  const save = () => {
    if (!message || !body.trim()) return;
    edit.mutate(
      { id: message.id, body: body.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('desk.message.editSaved'));
          onClose();
        },
        onError: toastError,
      },
    );
  };
  return (
    <Modal opened={!!message} onClose={onClose} title={t('desk.message.editTitle')}>
      <Stack>
        <Textarea
          autosize
          minRows={3}
          maxRows={10}
          maxLength={4096}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          data-autofocus
          data-testid="message-edit-input"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={edit.isPending} disabled={!body.trim()} data-testid="message-edit-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
