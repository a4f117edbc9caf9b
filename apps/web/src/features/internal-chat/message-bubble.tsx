import { Anchor, Box, Image, Paper, Text } from '@mantine/core';
import type { InternalMessage } from '@prosa/contracts';
import { IconFile } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../shared/api/client';
import { saveBlob } from '../../shared/api/upload';
import { toastError } from '../../shared/errors/toast-error';

/** Media needs the bearer token: fetched as a Blob and shown through an object URL. */
function useObjectUrl(path: string | null, enabled: boolean) {
  const blob = useQuery({
    queryKey: ['media', path],
    queryFn: () => http.blob(path!, { timeoutMs: 120_000 }),
    enabled: !!path && enabled,
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const u = URL.createObjectURL(blob.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob.data]);
  return url;
}

function Media({ message }: { message: InternalMessage }) {
  const { t } = useTranslation();
  const inline = message.mediaType === 'image' || message.mediaType === 'audio' || message.mediaType === 'video';
  const url = useObjectUrl(message.mediaUrl, inline);
  if (message.mediaType === 'image' && url)
    return <Image src={url} alt={message.mediaName ?? ''} maw={260} radius="sm" />;
  if (message.mediaType === 'audio' && url) return <audio src={url} controls />;
  if (message.mediaType === 'video' && url) return <video src={url} controls style={{ maxWidth: 280 }} />;
  const download = () =>
    http
      .blob(message.mediaUrl!, { timeoutMs: 120_000 })
      .then((b) => saveBlob(b, message.mediaName ?? 'arquivo'), toastError);
  return (
    <Anchor component="button" type="button" onClick={download} size="sm" data-testid="ichat-file">
      <IconFile size={16} style={{ verticalAlign: 'middle' }} /> {message.mediaName ?? t('ichat.download')}
    </Anchor>
  );
}

export function MessageBubble({
  message,
  mine,
  showSender,
}: {
  message: InternalMessage;
  mine: boolean;
  showSender: boolean;
}) {
  const time = new Date(message.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <Box style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="75%"
        bg={mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        data-testid="ichat-message"
        data-mine={mine ? 'true' : 'false'}
      >
        {showSender && !mine && (
          <Text size="xs" fw={700} c="dimmed">
            {message.senderName}
          </Text>
        )}
        {message.mediaUrl && <Media message={message} />}
        {message.body && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
        )}
        <Text size="10px" c="dimmed" ta="right">
          {time}
        </Text>
      </Paper>
    </Box>
  );
}
