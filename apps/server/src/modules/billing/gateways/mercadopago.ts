// SECURITY-CRITICAL: the Mercado Pago adapter. A webhook is taken only with a valid x-signature
// (HMAC-SHA256 under the operator's webhook secret), and a payment counts as paid only when the
// API, read back with the access token, says `approved`.
/**
 * Mercado Pago with its official SDK (`mercadopago` v3): a Pix payment per invoice
 * (https://www.mercadopago.com.br/developers/en/reference/payments/_payments/post,
 * https://www.mercadopago.com.br/developers/en/docs/checkout-api/integration-configuration/integrate-pix):
 * `payment_method_id: 'pix'`, the invoice's value, `external_reference` = the invoice id, an
 * `X-Idempotency-Key` per invoice; its QR in `point_of_interaction.transaction_data`
 * (`qr_code`, `qr_code_base64`). Webhooks
 * (https://www.mercadopago.com.br/developers/en/docs/your-integrations/notifications/webhooks):
 * `x-signature: ts=...,v1=...`, v1 = HMAC-SHA256 of `id:{data.id};request-id:{x-request-id};ts:{ts};`
 * with the webhook secret, checked by the SDK's own WebhookSignatureValidator; then
 * `GET /v1/payments/{id}` (https://www.mercadopago.com.br/developers/en/reference/payments/_payments_id/get).
 *
 * The SDK has no per-client base URL: every client calls `AppConfig.BASE_URL` (read in
 * node_modules/mercadopago/dist/utils/restClient). Prosa talks to one Mercado Pago per process
 * (MERCADOPAGO_API_URL, the real one unless a stand-in is named), so the adapter sets that static
 * before each call; the request bodies are the SDK's.
 */
import { MercadoPagoConfig, Payment, WebhookSignatureValidator } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import {
  GatewayError,
  headerOf,
  type ChargeRequest,
  type ChargeStatus,
  type CreatedCharge,
  type PaymentGateway,
  type WebhookInput,
  type WebhookVerdict,
} from './gateway.js';

export const MERCADOPAGO_API_URL = 'https://api.mercadopago.com';

export interface MercadoPagoCredentials {
  accessToken: string;
  webhookSecret: string;
  apiUrl?: string;
}

/** MP's date format (`yyyy-MM-dd'T'HH:mm:ss.SSSz`), in Brasília time as its examples are. */
export function mpDate(d: Date): string {
  return new Date(d.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
}

/** MP payment statuses (the payment's `status`) as Prosa reads them. */
export function mpStatus(status: string | undefined): ChargeStatus {
  switch (status) {
    case 'approved':
      return 'paid';
    case 'cancelled':
    case 'rejected':
      return 'cancelled';
    case 'refunded':
    case 'charged_back':
      return 'refunded';
    default:
      // pending, in_process, authorized, in_mediation
      return 'pending';
  }
}

function failure(err: unknown): GatewayError {
  const e = err as { message?: string; status?: number };
  return new GatewayError('mercadopago', e?.message ?? String(err), typeof e?.status === 'number' ? e.status : null);
}

export function mercadoPagoGateway(creds: MercadoPagoCredentials): PaymentGateway {
  const baseUrl = (creds.apiUrl ?? MERCADOPAGO_API_URL).replace(/\/+$/, '');
  // One retry on 429/5xx (the SDK's default is 3 with up to 30 s of back-off: too long for a click).
  const client = new Payment(
    new MercadoPagoConfig({
      accessToken: creds.accessToken,
      options: { timeout: 15_000, maxRetries: 1, initialDelay: 300 },
    }),
  );
  const use = () => {
    // Declared readonly in the SDK's types, a plain static at run time (see the note at the top).
    (AppConfig as { BASE_URL: string }).BASE_URL = baseUrl;
  };

  return {
    name: 'mercadopago',
    async createCharge(req: ChargeRequest): Promise<CreatedCharge> {
      use();
      try {
        const p = await client.create({
          body: {
            transaction_amount: req.invoice.value,
            description: `Prosa ${req.invoice.planName} ${req.invoice.dueDate}`.slice(0, 255),
            payment_method_id: 'pix',
            external_reference: String(req.invoice.id),
            date_of_expiration: mpDate(req.expiresAt),
            payer: { email: req.company.email },
            metadata: { tenant_id: req.invoice.tenantId, invoice_id: req.invoice.id },
            ...(req.webhookUrl ? { notification_url: req.webhookUrl } : {}),
          },
          requestOptions: { idempotencyKey: req.idempotencyKey },
        });
        const data = p.point_of_interaction?.transaction_data;
        if (p.id === undefined || !data?.qr_code)
          throw new GatewayError('mercadopago', 'payment without a Pix QR code', null);
        return {
          chargeId: String(p.id),
          pixCopyPaste: data.qr_code,
          ...(data.qr_code_base64 ? { pixQrBase64: data.qr_code_base64 } : {}),
          expiresAt: p.date_of_expiration ? new Date(p.date_of_expiration) : req.expiresAt,
        };
      } catch (err) {
        throw err instanceof GatewayError ? err : failure(err);
      }
    },

    async readCharge(chargeId: string): Promise<ChargeStatus> {
      use();
      try {
        const p = await client.get({ id: chargeId });
        return mpStatus(p.status);
      } catch (err) {
        throw failure(err);
      }
    },

    verifyWebhook({ headers, query }: WebhookInput): WebhookVerdict {
      const dataId = typeof query['data.id'] === 'string' ? query['data.id'] : undefined;
      try {
        // No time tolerance: a replayed notification only makes Prosa read the payment again.
        WebhookSignatureValidator.validate({
          xSignature: headerOf(headers, 'x-signature'),
          xRequestId: headerOf(headers, 'x-request-id'),
          dataId,
          secret: creds.webhookSecret,
        });
      } catch (err) {
        return { ok: false, reason: (err as { reason?: string }).reason ?? 'invalid signature' };
      }
      // A signed notification without a payment id (a signature over `request-id` and `ts` only)
      // names nothing; other topics (merchant_order...) are not Prosa's.
      const type =
        typeof query.type === 'string' ? query.type : typeof query.topic === 'string' ? query.topic : 'payment';
      if (!dataId || !/^\d{1,30}$/.test(dataId) || type !== 'payment') return { ok: true, chargeId: null };
      return { ok: true, chargeId: dataId };
    },
  };
}
