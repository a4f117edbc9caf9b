import { Center, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Draws the pairing string the session reported as a QR code image, redrawn when it rotates. */
export function ChannelQrCode({ value }: { value: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(value, { margin: 1, width: 240, errorCorrectionLevel: 'M' })
      .then((url) => current && setSrc(url))
      .catch(() => current && setSrc(null));
    return () => {
      current = false;
    };
  }, [value]);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="channel-qrcode">
      <Stack gap="xs" align="center">
        <Text fw={600} size="sm">
          {t('channels.qr.title')}
        </Text>
        {src ? (
          <Image src={src} alt={t('channels.qr.alt')} w={220} h={220} fit="contain" bg="white" radius="sm" />
        ) : (
          <Center w={220} h={220}>
            <Loader />
          </Center>
        )}
        <Text size="xs" c="dimmed" ta="center" maw={260}>
          {t('channels.qr.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
