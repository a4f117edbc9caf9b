import { Anchor, Button, Group, Image, Loader, Modal, Paper, Text } from '@mantine/core';
import type { Message } from '@prosa/contracts';
import { IconDownload, IconFile, IconMapPin, IconPhoto, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/api/client';
import { saveBlob } from '../../../shared/api/upload';
import { toastError } from '../../../shared/errors/toast-error';
import { AudioPlayer } from '../voice/audio-player';
import { isVoiceNote } from '../voice/voice-format';

/**
 * Media lives at message.mediaUrl on the same origin and needs the bearer token, so it is fetched
 * as a Blob and shown through an object URL (revoked when the bubble goes away).
 */
function useMediaUrl(path: string | null, enabled: boolean) {
  const blob = useQuery({
    queryKey: ['media', path],
    queryFn: () => http.blob(path!, { timeoutMs: 120_000 }),
    enabled: !!path && enabled,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const u = URL.createObjectURL(blob.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob.data]);
  return { url, loading: blob.isFetching, failed: blob.isError };
}

function FileCard({ message }: { message: Message }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!message.mediaUrl) return;
    setBusy(true);
    try {
      saveBlob(await http.blob(message.mediaUrl, { timeoutMs: 120_000 }), message.mediaName ?? 'arquivo');
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper p={8} radius="md" withBorder={false} className="prosa-media-file">
      <Group gap="xs" wrap="nowrap">
        <IconFile size={26} style={{ flexShrink: 0, opacity: 0.7 }} />
        <Text size="sm" fw={500} truncate style={{ flex: 1, minWidth: 0 }}>
          {message.mediaName ?? t('desk.message.media.document')}
        </Text>
        {message.mediaUrl && (
          <Button
            size="compact-xs"
            variant="light"
            loading={busy}
            onClick={() => void download()}
            leftSection={<IconDownload size={12} />}
            data-testid="message-download"
          >
            {t('desk.message.media.download')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Images preview at once; audio too (small); video waits for a click (it may be large). */
export function MessageMedia({ message }: { message: Message }) {
  const { t } = useTranslation();
  const kind = message.mediaType;
  const [asked, setAsked] = useState(kind === 'image' || kind === 'sticker' || kind === 'audio');
  const [zoom, setZoom] = useState(false);
  const { url, loading, failed } = useMediaUrl(message.mediaUrl, asked);

  if (kind === 'location') {
    return (
      <Group gap={6}>
        <IconMapPin size={16} />
        <Text size="sm">{t('desk.message.media.location')}</Text>
      </Group>
    );
  }
  if (kind === 'document' || !message.mediaUrl) return <FileCard message={message} />;
  if (failed)
    return (
      <Text size="xs" c="red">
        {t('desk.message.media.failed')}
      </Text>
    );
  if (!asked) {
    return (
      <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} />} onClick={() => setAsked(true)}>
        {t('desk.message.media.load', { kind: t(`desk.message.media.${kind === 'video' ? 'video' : 'audio'}`) })}
      </Button>
    );
  }
  if (!url || loading) {
    return (
      <Group gap={6} c="dimmed" py={kind === 'image' ? 40 : 4} px={kind === 'image' ? 60 : 0}>
        {kind === 'image' ? <IconPhoto size={20} /> : null}
        <Loader size="xs" />
      </Group>
    );
  }
  if (kind === 'image' || kind === 'sticker') {
    return (
      <>
        <Anchor
          component="button"
          type="button"
          onClick={() => setZoom(true)}
          aria-label={t('desk.message.media.open')}
        >
          <Image
            src={url}
            alt={message.mediaName ?? ''}
            radius="md"
            maw={280}
            mah={320}
            fit="contain"
            data-testid="message-image"
          />
        </Anchor>
        <Modal opened={zoom} onClose={() => setZoom(false)} size="auto" withCloseButton centered padding={0}>
          <Image src={url} alt={message.mediaName ?? ''} mah="85vh" fit="contain" />
        </Modal>
      </>
    );
  }
  if (kind === 'audio') return <AudioPlayer src={url} voice={isVoiceNote(message.mimeType)} />;
  return (
    <video controls src={url} style={{ maxWidth: 320, maxHeight: 280, borderRadius: 8 }} data-testid="message-video" />
  );
}
