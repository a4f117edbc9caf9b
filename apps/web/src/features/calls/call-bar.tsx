import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff, IconPhoneOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallState } from './call-machine';
import type { CallView } from './call-controller';
import { formatCallDuration } from './call-format';
import { dispatchCall } from './call-store';

function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, (now - since) / 1000);
}

const ERROR_KEYS = {
  numberNotExist: 'calls.errors.numberNotExist',
  callLimit: 'calls.errors.callLimit',
  lineBusy: 'calls.errors.lineBusy',
  notStarted: 'calls.errors.notStarted',
} as const;
const SIGNAL_KEYS = {
  terminate: 'calls.signal.terminate',
  reject: 'calls.signal.reject',
  accept_elsewhere: 'calls.signal.accept_elsewhere',
  reject_elsewhere: 'calls.signal.reject_elsewhere',
  unanswered: 'calls.signal.unanswered',
  failed: 'calls.signal.failed',
} as const;

/** The catalogue key of what the bar says: the state, or why the call ended (SPEC §8 errors). */
export function statusKey(s: CallState) {
  if (s.phase === 'calling') return 'calls.bar.calling';
  if (s.phase === 'answered') return 'calls.bar.answered';
  if (s.error) return ERROR_KEYS[s.error];
  if (s.signal && s.signal in SIGNAL_KEYS) return SIGNAL_KEYS[s.signal as keyof typeof SIGNAL_KEYS];
  return 'calls.bar.ended';
}

/** The call in progress (SPEC §4): who, the state, the timer, mute / unmute and end. */
export function CallBar({ view }: { view: CallView }) {
  const { t } = useTranslation();
  const { state, caller } = view;
  const elapsed = useElapsed(state.phase === 'answered' ? state.answeredAt : null);
  const name = caller?.contact?.name ?? state.peer?.displayName ?? state.peer?.phone ?? '';
  const line = state.lines[state.lineIndex]?.name ?? '';
  const live = state.phase === 'calling' || state.phase === 'answered';
  return (
    <Paper
      shadow="xl"
      px="md"
      py="xs"
      role="region"
      aria-label={t('calls.bar.label')}
      data-testid="call-bar"
      data-phase={state.phase}
      data-signal={state.signal ?? ''}
      style={{ position: 'fixed', left: '50%', transform: 'translateX(-50%)', bottom: 16, zIndex: 400, minWidth: 300, maxWidth: 'calc(100vw - 32px)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate data-testid="call-peer">
            {name}
          </Text>
          <Text size="xs" c={state.error ? 'red' : 'dimmed'} role={state.error ? 'alert' : 'status'} data-testid="call-status">
            {t(statusKey(state))}
            {line && live ? ` · ${t('calls.bar.line', { line })}` : ''}
          </Text>
          {state.peerMuted && (
            <Text size="xs" c="dimmed">
              {t('calls.bar.peerMuted')}
            </Text>
          )}
        </div>
        {state.phase === 'answered' && (
          <Text ff="monospace" size="sm" aria-live="off" data-testid="call-timer">
            {formatCallDuration(elapsed)}
          </Text>
        )}
        {live && (
          <Group gap={6} wrap="nowrap">
            {state.phase === 'answered' && (
              <Tooltip label={state.muted ? t('calls.bar.unmute') : t('calls.bar.mute')}>
                <ActionIcon
                  variant={state.muted ? 'filled' : 'default'}
                  color={state.muted ? 'orange' : undefined}
                  size="lg"
                  radius="xl"
                  aria-label={state.muted ? t('calls.bar.unmute') : t('calls.bar.mute')}
                  aria-pressed={state.muted}
                  onClick={() => dispatchCall({ type: 'mute', on: !state.muted })}
                  data-testid="call-mute"
                >
                  {state.muted ? <IconMicrophoneOff size={18} /> : <IconMicrophone size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t('calls.bar.end')}>
              <ActionIcon
                color="red"
                variant="filled"
                size="lg"
                radius="xl"
                aria-label={t('calls.bar.end')}
                onClick={() => dispatchCall({ type: 'hangup' })}
                data-testid="call-end"
              >
                <IconPhoneOff size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
