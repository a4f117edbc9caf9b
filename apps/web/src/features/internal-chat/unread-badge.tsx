import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useInternalChatAlerts } from './internal-chat-alerts';
import { useUnreadCount } from './use-internal-chat';

/** The unread count on the menu entry, live (also mounts the app-wide alerts: count and chime). */
export function InternalChatUnreadBadge() {
  const { t } = useTranslation();
  useInternalChatAlerts();
  const count = useUnreadCount().data ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      circle={count < 10}
      data-testid="ichat-unread-badge"
      role="status"
      aria-label={t('ichat.unread', { count })}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
