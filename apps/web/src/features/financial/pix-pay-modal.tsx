import { Alert, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Invoice } from '@prosa/contracts';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/errors/error-text';
import { formatIsoDate } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import { CopyField } from '../../shared/ui/copy-field';
import { useInvoicePix } from './use-invoices';

/** The BR Code as a QR code image. */
export function PixQr({ code, alt }: { code: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(code, { margin: 1, width: 260, errorCorrectionLevel: 'M' })
      .then((url) => current && setSrc(url))
      .catch(() => current && setSrc(null));
    return () => {
      current = false;
    };
  }, [code]);
  return src ? (
    <Image src={src} alt={alt} w={240} h={240} fit="contain" bg="white" radius="sm" data-testid="pix-qrcode" />
  ) : (
    <Center w={240} h={240}>
      <Loader />
    </Center>
  );
}

/** Paying an invoice by Pix: its QR code and the "copia e cola" with a copy button. */
export function PixPayModal({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const pix = useInvoicePix(invoice?.id ?? null);
  return (
    <Modal opened={!!invoice} onClose={onClose} title={t('billing.payTitle')} size="md">
      {invoice && (
        <Stack align="stretch" gap="md" data-testid="pix-pay">
          <Text size="sm">
            {t('billing.payText', { value: formatMoney(invoice.value), date: formatIsoDate(invoice.dueDate) })}
          </Text>
          {pix.isPending ? (
            <Center h={240}>
              <Loader />
            </Center>
          ) : pix.isError ? (
            <Alert color="yellow" variant="light" data-testid="pix-unavailable">
              {errorText(pix.error).message}
            </Alert>
          ) : (
            <>
              <Center>
                <PixQr code={pix.data.brCode} alt={t('billing.qrAlt')} />
              </Center>
              <CopyField
                label={t('billing.copyPaste')}
                value={pix.data.brCode}
                testId="pix-code"
                copyText={t('billing.copy')}
                copiedText={t('billing.copied')}
              />
              <Text size="xs" c="dimmed">
                {t('billing.receiver', { name: pix.data.receiver, key: pix.data.pixKey })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('billing.confirmHint')}
              </Text>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
