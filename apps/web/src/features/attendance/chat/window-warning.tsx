import { Alert, Button, Group, Text } from '@mantine/core';
import type { Ticket } from '@prosa/contracts';
import { IconClockExclamation, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelWindow } from '../api/use-messages';
import { TemplatePickerModal } from '../templates/template-picker-modal';

/**
 * SPEC §5: outside the official API's 24-hour window only an approved template may be sent; on a
 * WhatsApp Cloud API chat the warning offers the template picker to whoever may reply.
 */
export function WindowWarning({ ticket, window }: { ticket: Ticket; window: ChannelWindow | undefined }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  if (!window || window.open) return null;
  const templates = window.channelType === 'waba' && ticket.can.reply && !!ticket.whatsappId;
  return (
    <>
      <Alert
        color="yellow"
        variant="light"
        radius={0}
        py={8}
        icon={<IconClockExclamation size={18} />}
        data-testid="chat-window-closed"
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{t('desk.chat.windowClosed')}</Text>
          {templates && (
            <Button
              size="xs"
              variant="white"
              color="yellow"
              leftSection={<IconTemplate size={14} />}
              onClick={() => setPicking(true)}
              style={{ flexShrink: 0 }}
              data-testid="chat-send-template"
            >
              {t('desk.chat.sendTemplate')}
            </Button>
          )}
        </Group>
      </Alert>
      {templates && <TemplatePickerModal ticket={ticket} opened={picking} onClose={() => setPicking(false)} />}
    </>
  );
}
