import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/errors/toast-error';
import { LoadingBlock } from '../../../shared/ui/query-state';
import { notifySuccess } from '../../../shared/ui/notify';
import { useTransferFlows } from '../../chatbot/api/use-chat-flows';
import { useTicketToBot } from '../api/use-ticket-actions';

/** "Send to chatbot": pick a flow available for transfer; the flow starts over for the customer. */
export function SendToBotModal({ ticket, opened, onClose }: { ticket: Ticket; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const flows = useTransferFlows(opened);
  const toBot = useTicketToBot();
  const [flowId, setFlowId] = useState<string | null>(null);

  useEffect(() => {
    if (opened) setFlowId(null);
  }, [opened]);

  const send = () =>
    flowId &&
    toBot.mutate(
      { id: ticket.id, chatFlowId: Number(flowId) },
      {
        onSuccess: () => {
          notifySuccess(t('chatbot.sendToBot.sent'));
          onClose();
        },
        onError: toastError,
      },
    );

  return (
    <Modal opened={opened} onClose={onClose} title={t('chatbot.sendToBot.title')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('chatbot.sendToBot.hint')}
        </Text>
        {flows.isPending ? (
          <LoadingBlock />
        ) : (flows.data ?? []).length === 0 ? (
          <Alert color="gray" variant="light" data-testid="send-to-bot-none">
            {t('chatbot.sendToBot.none')}
          </Alert>
        ) : (
          <Select
            label={t('chatbot.sendToBot.flow')}
            data={(flows.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
            value={flowId}
            onChange={setFlowId}
            data-autofocus
            data-testid="send-to-bot-flow"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={send} disabled={!flowId} loading={toBot.isPending} data-testid="send-to-bot-submit">
            {t('chatbot.sendToBot.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
