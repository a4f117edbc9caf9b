import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPhoneCall, IconPhoneOff } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chatPath } from '../attendance/api/ticket-keys';
import { ContactAvatar } from '../attendance/ui/contact-avatar';
import type { CallView } from './call-controller';
import { dispatchCall } from './call-store';

/** An offer ringing on one of the user's lines, over any screen: who calls, accept, reject. */
export function IncomingCallWindow({ view }: { view: CallView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const { state, caller } = view;
  const phone = state.peer?.phone ?? '';
  const name = caller?.contact?.name ?? state.peer?.displayName ?? phone;
  const accept = () => {
    dispatchCall({ type: 'accept', now: Date.now() });
    if (caller?.ticketId) void navigate(chatPath(caller.ticketId));
  };
  return (
    <Paper
      shadow="xl"
      p="md"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-live="assertive"
      data-testid="call-incoming"
      style={{ position: 'fixed', right: 24, bottom: 24, zIndex: 400, width: 320 }}
    >
      <Stack gap="sm">
        <Text id={titleId} fw={700} size="sm">
          {t('calls.incoming.title')}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <ContactAvatar name={name} picture={caller?.contact?.profilePicUrl ?? null} size={44} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate data-testid="call-incoming-name">
              {name}
            </Text>
            {name !== phone && (
              <Text size="sm" c="dimmed">
                {phone}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('calls.incoming.line', { line: state.lines[0]?.name ?? '' })}
            </Text>
          </div>
        </Group>
        <Group grow>
          <Button color="red" leftSection={<IconPhoneOff size={16} />} onClick={() => dispatchCall({ type: 'reject' })} data-testid="call-reject">
            {t('calls.incoming.reject')}
          </Button>
          <Button color="teal" leftSection={<IconPhoneCall size={16} />} onClick={accept} data-testid="call-accept">
            {t('calls.incoming.accept')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
