import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { Message } from '@prosa/contracts';
import { IconAlertCircle, IconCheck, IconChecks, IconClock, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The ticks of an outgoing message: clock, one check, two checks, two blue checks, or failed. */
export function MessageStatus({
  message,
  onRetry,
  onDiscard,
}: {
  message: Message;
  onRetry?: () => void;
  /** Only for a local copy the server never stored. */
  onDiscard?: () => void;
}) {
  const { t } = useTranslation();
  const label = t(`desk.message.status.${message.status}`);
  const s = message.status;
  if (s === 'failed') {
    return (
      <Group gap={2} wrap="nowrap">
        <Tooltip label={label}>
          <IconAlertCircle
            size={14}
            color="var(--mantine-color-red-6)"
            aria-label={label}
            data-testid="message-failed"
          />
        </Tooltip>
        {onRetry && (
          <Tooltip label={message.id < 0 ? t('desk.message.retry') : t('desk.message.resend')}>
            <ActionIcon
              size={18}
              variant="subtle"
              color="red"
              onClick={onRetry}
              aria-label={t('desk.message.resend')}
              data-testid="message-resend"
            >
              <IconRefresh size={13} />
            </ActionIcon>
          </Tooltip>
        )}
        {onDiscard && (
          <Tooltip label={t('desk.message.discard')}>
            <ActionIcon
              size={18}
              variant="subtle"
              color="gray"
              onClick={onDiscard}
              aria-label={t('desk.message.discard')}
              data-testid="message-discard"
            >
              <IconX size={13} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  }
  const Icon = s === 'pending' ? IconClock : s === 'sent' ? IconCheck : IconChecks;
  const read = s === 'read' || s === 'played';
  return (
    <Tooltip label={label}>
      <Icon
        size={14}
        aria-label={label}
        data-testid="message-status"
        data-status={s}
        color={read ? 'var(--mantine-color-blue-5)' : 'currentColor'}
        style={{ opacity: read ? 1 : 0.65 }}
      />
    </Tooltip>
  );
}
