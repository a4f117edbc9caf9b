import { Badge, Box, Loader } from '@mantine/core';
import type { ChannelStatus } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

const COLOR: Record<ChannelStatus, string> = {
  CONNECTED: 'teal',
  DISCONNECTED: 'red',
  OPENING: 'blue',
  PAIRING: 'blue',
  qrcode: 'orange',
  TIMEOUT: 'yellow',
};
const BUSY: ChannelStatus[] = ['OPENING', 'PAIRING', 'TIMEOUT'];

/** The session status, live: a spinner while it is on its way somewhere. */
export function ChannelStatusBadge({ status, retries }: { status: ChannelStatus; retries: number }) {
  const { t } = useTranslation();
  const busy = BUSY.includes(status);
  return (
    <Badge
      color={COLOR[status]}
      variant="light"
      size="lg"
      radius="sm"
      tt="none"
      leftSection={
        busy ? (
          <Loader size={10} color={COLOR[status]} />
        ) : (
          <Box w={8} h={8} style={{ borderRadius: 8, background: `var(--mantine-color-${COLOR[status]}-6)` }} />
        )
      }
      data-testid="channel-status"
      data-status={status}
    >
      {t(`channels.status.${status}`)}
      {status === 'TIMEOUT' && retries > 0 ? ` · ${t('channels.retries', { count: retries })}` : ''}
    </Badge>
  );
}
