import { Alert } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useChannelWindow } from '../api/use-messages';

/** SPEC §5: outside the official API's 24-hour window, free messages may not be delivered. */
export function WindowWarning({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const window = useChannelWindow(ticket.id, ticket.status !== 'closed');
  if (!window.data || window.data.open) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      py={8}
      icon={<IconClockExclamation size={18} />}
      data-testid="chat-window-closed"
    >
      {t('desk.chat.windowClosed')}
    </Alert>
  );
}
