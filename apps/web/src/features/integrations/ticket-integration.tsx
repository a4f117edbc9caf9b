import { Badge, Button } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { IconHandStop, IconPuzzle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../shared/errors/toast-error';
import { notifySuccess } from '../../shared/ui/notify';
import { useTakeOver } from '../attendance/api/use-ticket-actions';

/** The chat header's badge: the queue integration answering this ticket. */
export function TicketIntegrationBadge({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  if (!ticket.integration) return null;
  return (
    <Badge style={{ flexShrink: 0 }} size="xs" variant="light" color="grape" leftSection={<IconPuzzle size={10} />} data-testid="chat-integration-badge">
      {t('integrations.badge', { name: ticket.integration.name })}
    </Badge>
  );
}

/** "Take over from the integration": the ticket becomes the agent's, the integration stops. */
export function TakeOverButton({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const takeOver = useTakeOver();
  if (!ticket.integration || !ticket.can.accept) return null;
  return (
    <Button
      size="xs"
      color="grape"
      leftSection={<IconHandStop size={14} />}
      loading={takeOver.isPending}
      onClick={() => takeOver.mutate(ticket.id, { onSuccess: () => notifySuccess(t('integrations.tookOver')), onError: toastError })}
      data-testid="chat-take-over"
    >
      {t('integrations.takeOver')}
    </Button>
  );
}
