import { Group, SegmentedControl, Stack } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PLAYBACK_RATES = ['1', '1.5', '2'] as const;
type Rate = (typeof PLAYBACK_RATES)[number];

/**
 * Audio in a conversation: the browser's player, and 1x / 1.5x / 2x (long voice notes are heard
 * faster). The speed is kept by the element across a reload of its source (defaultPlaybackRate).
 */
export function AudioPlayer({ src, voice = false }: { src: string; voice?: boolean }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [rate, setRate] = useState<Rate>('1');
  const change = (value: string) => {
    const next = (PLAYBACK_RATES as readonly string[]).includes(value) ? (value as Rate) : '1';
    setRate(next);
    if (audio.current) {
      audio.current.defaultPlaybackRate = Number(next);
      audio.current.playbackRate = Number(next);
    }
  };
  return (
    <Stack gap={4} data-testid="audio-player" data-voice={voice}>
      <Group gap={6} wrap="nowrap">
        {voice && <IconMicrophone size={18} aria-label={t('voice.note')} style={{ flexShrink: 0, opacity: 0.7 }} />}
        <audio ref={audio} controls src={src} style={{ maxWidth: 260 }} data-testid="message-audio" />
      </Group>
      <SegmentedControl
        size="xs"
        radius="xl"
        value={rate}
        onChange={change}
        aria-label={t('voice.speed')}
        data={PLAYBACK_RATES.map((r) => ({ value: r, label: `${r}x` }))}
        style={{ alignSelf: 'flex-start' }}
        data-testid="audio-speed"
      />
    </Stack>
  );
}
