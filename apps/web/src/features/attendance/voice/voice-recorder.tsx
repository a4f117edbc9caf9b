import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyNotice } from '../../../shared/ui/notify';
import './voice.css';
import { canRecordVoice, startVoiceRecording, toVoiceNoteFile, type VoiceRecording } from './record-voice';
import { formatElapsed } from './voice-format';

type State =
  | { step: 'idle' }
  | { step: 'starting' }
  | { step: 'recording'; startedAt: number }
  | { step: 'finishing'; startedAt: number };

/**
 * The composer's microphone: a click starts recording, the running time shows, the bin cancels and
 * the arrow sends the note (`onRecorded` gets the file, OGG/Opus where the browser allows).
 */
export function VoiceRecorder({
  disabled = false,
  onRecorded,
}: {
  disabled?: boolean;
  onRecorded: (file: File) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  const recording = useRef<VoiceRecording | null>(null);

  useEffect(() => {
    if (state.step !== 'recording') return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [state.step]);
  // Leaving the conversation mid-recording throws the recording away (and frees the microphone).
  useEffect(() => () => recording.current?.cancel(), []);

  if (!canRecordVoice()) return null;

  const start = async () => {
    setState({ step: 'starting' });
    try {
      recording.current = await startVoiceRecording();
      setNow(Date.now());
      setState({ step: 'recording', startedAt: Date.now() });
    } catch {
      recording.current = null;
      setState({ step: 'idle' });
      notifyNotice('voice-microphone', t('voice.noMicrophone'), 'orange');
    }
  };
  const cancel = () => {
    recording.current?.cancel();
    recording.current = null;
    setState({ step: 'idle' });
  };
  const send = async () => {
    const current = recording.current;
    if (!current || state.step !== 'recording') return;
    recording.current = null;
    setState({ step: 'finishing', startedAt: state.startedAt });
    try {
      const file = await toVoiceNoteFile(await current.stop());
      if (file.size > 0) onRecorded(file);
    } finally {
      setState({ step: 'idle' });
    }
  };

  if (state.step === 'recording' || state.step === 'finishing') {
    const finishing = state.step === 'finishing';
    const elapsed = now - state.startedAt;
    const blink = Math.floor(elapsed / 500) % 2 === 1;
    return (
      <Group gap={4} wrap="nowrap" data-testid="voice-recording" aria-live="polite">
        <Tooltip label={t('voice.cancel')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            onClick={cancel}
            disabled={finishing}
            aria-label={t('voice.cancel')}
            data-testid="voice-cancel"
          >
            <IconTrash size={20} />
          </ActionIcon>
        </Tooltip>
        <Group gap={6} wrap="nowrap" px={4}>
          {finishing ? (
            <Loader size="xs" />
          ) : (
            <span className="prosa-voice-dot" style={{ opacity: blink ? 0.3 : 1 }} aria-hidden />
          )}
          <Text size="sm" ff="monospace" aria-label={t('voice.recording')} data-testid="voice-elapsed">
            {formatElapsed(elapsed)}
          </Text>
        </Group>
        <Tooltip label={t('voice.send')}>
          <ActionIcon
            size="lg"
            radius="xl"
            color="red"
            onClick={() => void send()}
            loading={finishing}
            aria-label={t('voice.send')}
            data-testid="voice-send"
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  return (
    <Tooltip label={t('voice.record')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => void start()}
        loading={state.step === 'starting'}
        disabled={disabled}
        aria-label={t('voice.record')}
        data-testid="voice-record"
      >
        <IconMicrophone size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
