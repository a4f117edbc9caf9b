import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../shared/errors/toast-error';
import { recordingUrl } from './use-calls-api';

/**
 * A call's recording, fetched on demand through Prosa (GET /callLogs/{id}/recording with the
 * bearer token: the provider's URL never reaches the browser) and played from a blob URL.
 */
export function RecordingPlayer({ callLogId }: { callLogId: number }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);
  if (src)
    return (
      <audio controls autoPlay src={src} aria-label={t('calls.list.recording')} style={{ width: '100%', maxWidth: 280 }} data-testid="call-recording-audio" />
    );
  const load = () => {
    setLoading(true);
    recordingUrl(callLogId)
      .then(setSrc, toastError)
      .finally(() => setLoading(false));
  };
  return (
    <Button variant="subtle" size="compact-xs" leftSection={<IconPlayerPlay size={14} />} loading={loading} onClick={load} data-testid="call-recording-play">
      {t('calls.list.play')}
    </Button>
  );
}
