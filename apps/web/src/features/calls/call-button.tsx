import { Button } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dispatchCall, useCallView } from './call-store';
import { useMyCallLines } from './use-calls-api';

/**
 * Calls the ticket's contact through the lines the user may use, the ticket's channel's first
 * (the others are the fallback). Hidden without a line (none given, or calls blocked) and for groups.
 */
export function CallButton({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const mayCall = !ticket.isGroup && !!ticket.contact.number;
  const lines = useMyCallLines(ticket.channel?.id ?? null, mayCall);
  const busy = useCallView().state.phase !== 'idle';
  const list = lines.data?.lines ?? [];
  if (!mayCall || !list.length) return null;
  const dial = () =>
    dispatchCall({
      type: 'dial',
      lines: list.map((l) => ({ id: l.id, token: l.token, name: l.name })),
      phone: ticket.contact.number,
      displayName: ticket.contact.name,
      contactId: ticket.contactId,
      ticketId: ticket.id,
    });
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconPhone size={14} />}
      onClick={dial}
      disabled={busy}
      aria-label={t('calls.callContact', { name: ticket.contact.name })}
      data-testid="call-contact"
    >
      {t('calls.call')}
    </Button>
  );
}
