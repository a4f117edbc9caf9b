import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSocketStatus } from './use-socket-status';

const COLOR = { online: 'teal', connecting: 'yellow', offline: 'red' } as const;
const LABEL = { online: 'header.online', connecting: 'header.connecting', offline: 'header.offline' } as const;

/** The user's real-time presence: green while the socket is connected. */
export function SocketStatusBadge() {
  const { t } = useTranslation();
  const status = useSocketStatus();
  return (
    <Badge color={COLOR[status]} variant="dot" size="lg" radius="sm" data-testid="socket-status" data-status={status}>
      {t(LABEL[status])}
    </Badge>
  );
}
