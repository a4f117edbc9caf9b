import { Alert, Anchor, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Invoice } from '@prosa/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/errors/error-text';
import { formatDateTime, formatIsoDate } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import { CopyField } from '../../shared/ui/copy-field';
import { PixQr } from './pix-pay-modal';
import { useInvoiceCharge } from './use-invoices';

/**
 * Paying an invoice through the platform's gateway: Mercado Pago's Pix (its QR code and "copia e
 * cola"), or Stripe's checkout page, where the browser goes at once. The gateway's webhook pays
 * the invoice; the `invoice` event refreshes the list, and `paid` turns this window into a thank-you.
 */
export function GatewayPayModal({
  invoice,
  paid,
  onClose,
}: {
  invoice: Invoice | null;
  paid: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const charge = useInvoiceCharge(invoice && !paid ? invoice.id : null);
  const checkoutUrl = charge.data?.checkoutUrl ?? null;
  useEffect(() => {
    if (checkoutUrl) window.location.assign(checkoutUrl);
  }, [checkoutUrl]);

  return (
    <Modal opened={!!invoice} onClose={onClose} title={t('billing.gatewayPayTitle')} size="md">
      {invoice && (
        <Stack align="stretch" gap="md" data-testid="gateway-pay">
          {paid ? (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} data-testid="gateway-paid">
              {t('billing.paidNow')}
            </Alert>
          ) : charge.isPending ? (
            <Center h={240}>
              <Loader />
            </Center>
          ) : charge.isError ? (
            <Alert color="yellow" variant="light" data-testid="gateway-unavailable">
              {errorText(charge.error).message}
            </Alert>
          ) : checkoutUrl ? (
            <Text size="sm" data-testid="gateway-checkout">
              {t('billing.toCheckout')} <Anchor href={checkoutUrl}>{checkoutUrl}</Anchor>
            </Text>
          ) : (
            <>
              <Text size="sm">
                {t('billing.gatewayPayText', {
                  value: formatMoney(invoice.value),
                  date: formatIsoDate(invoice.dueDate),
                })}
              </Text>
              <Center>
                {charge.data.pixQrBase64 ? (
                  <Image
                    src={`data:image/png;base64,${charge.data.pixQrBase64}`}
                    alt={t('billing.qrAlt')}
                    w={240}
                    h={240}
                    fit="contain"
                    bg="white"
                    radius="sm"
                    data-testid="pix-qrcode"
                  />
                ) : (
                  <PixQr code={charge.data.pixCopyPaste ?? ''} alt={t('billing.qrAlt')} />
                )}
              </Center>
              <CopyField
                label={t('billing.copyPaste')}
                value={charge.data.pixCopyPaste ?? ''}
                testId="pix-code"
                copyText={t('billing.copy')}
                copiedText={t('billing.copied')}
              />
              {charge.data.expiresAt && (
                <Text size="xs" c="dimmed">
                  {t('billing.gatewayExpires', { date: formatDateTime(charge.data.expiresAt) })}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('billing.gatewayConfirmHint')}
              </Text>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
