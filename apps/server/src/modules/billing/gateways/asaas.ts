// SECURITY-CRITICAL: the Asaas adapter. A webhook is taken only with the `asaas-access-token`
// header equal to the auth token the operator set on the webhook, and a charge counts as paid only
// when the payment, read back from the API with the API key, is RECEIVED or CONFIRMED and belongs
// to the invoice's payment link.
/**
 * Asaas over plain HTTP (Asaas keeps no official Node SDK): a Pix payment link per invoice
 * (https://docs.asaas.com/reference/create-a-payment-link): `billingType: 'PIX'`, `chargeType:
 * 'DETACHED'`, the invoice's value, `externalReference` = the invoice, `endDate` the charge's
 * end, `callback.successUrl` back to /financeiro. A link, because a direct payment needs an Asaas
 * customer with a CPF/CNPJ (https://docs.asaas.com/reference/create-new-customer) that Prosa does
 * not keep for a company; on the link's page the payer gives theirs and pays by Pix.
 * Webhooks (https://docs.asaas.com/docs/receba-eventos-do-asaas-no-seu-endpoint-de-webhook): the
 * `asaas-access-token` header (the webhook's "Token de autenticação"), events `PAYMENT_*` with the
 * `payment` (its `paymentLink` names the charge); then `GET /v3/payments/{id}`
 * (the same `payment` object as the events': https://docs.asaas.com/docs/webhook-para-cobrancas). API calls carry the key in the
 * `access_token` header (https://docs.asaas.com/docs/authentication-2).
 */
import {
  GatewayError,
  headerOf,
  oneChargePerAttempt,
  sameSecret,
  type ChargeRequest,
  type ChargeStatus,
  type CreatedCharge,
  type PaymentGateway,
  type ReadBack,
  type WebhookInput,
  type WebhookVerdict,
} from './gateway.js';

export const ASAAS_API_URL = 'https://api.asaas.com';

export interface AsaasCredentials {
  apiKey: string;
  webhookToken: string;
  apiUrl?: string;
}

/** Asaas payment statuses as Prosa reads them. */
export function asaasStatus(status: string | undefined): ChargeStatus {
  switch (status) {
    case 'RECEIVED':
    case 'CONFIRMED':
    case 'RECEIVED_IN_CASH':
      return 'paid';
    case 'REFUNDED':
    case 'REFUND_REQUESTED':
    case 'REFUND_IN_PROGRESS':
    case 'CHARGEBACK_REQUESTED':
    case 'CHARGEBACK_DISPUTE':
    case 'AWAITING_CHARGEBACK_REVERSAL':
      return 'refunded';
    default:
      // PENDING, OVERDUE, AWAITING_RISK_ANALYSIS...
      return 'pending';
  }
}

/** Asaas's dates (`YYYY-MM-DD`) in Brasília time. */
const brDate = (d: Date) => new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

/** Asaas takes no idempotency key: one link per invoice attempt, keyed by API root, key and attempt. */
const once = oneChargePerAttempt();

export function asaasGateway(creds: AsaasCredentials): PaymentGateway {
  const base = (creds.apiUrl ?? ASAAS_API_URL).replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          access_token: creds.apiKey,
          'user-agent': 'Prosa',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new GatewayError('asaas', (err as Error).message, null);
    }
    const text = await res.text();
    if (!res.ok) {
      let message = `HTTP ${res.status}`;
      try {
        const e = JSON.parse(text) as { errors?: { code?: string; description?: string }[] };
        if (e.errors?.[0]) message = `${e.errors[0].code}: ${e.errors[0].description}`;
      } catch {
        /* 401 answers an empty body */
      }
      throw new GatewayError('asaas', message, res.status);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new GatewayError('asaas', 'answer is not JSON', res.status);
    }
  }

  async function createLink(req: ChargeRequest): Promise<CreatedCharge> {
    const back = new URL(req.returnUrl);
    back.searchParams.set('paid', String(req.invoice.id));
    const link = await call<{ id?: unknown; url?: unknown }>('POST', '/v3/paymentLinks', {
      name: `${req.invoice.planName} (${req.invoice.dueDate})`.slice(0, 255),
      description: `${req.company.name} #${req.invoice.id}`.slice(0, 500),
      value: req.invoice.value,
      billingType: 'PIX',
      chargeType: 'DETACHED',
      dueDateLimitDays: 1,
      endDate: brDate(req.expiresAt),
      externalReference: `prosa-invoice-${req.invoice.id}`,
      notificationEnabled: false,
      callback: { successUrl: back.toString(), autoRedirect: true },
    });
    if (typeof link.id !== 'string' || typeof link.url !== 'string')
      throw new GatewayError('asaas', 'payment link without id or url', null);
    return { chargeId: link.id, checkoutUrl: link.url, expiresAt: req.expiresAt };
  }

  return {
    name: 'asaas',
    createCharge(req: ChargeRequest): Promise<CreatedCharge> {
      return once(`${base}\n${creds.apiKey}\n${req.idempotencyKey}`, req.expiresAt, () => createLink(req));
    },

    async readCharge(chargeId: string, { readBack }: ReadBack): Promise<ChargeStatus> {
      // A link is paid through a payment of its own; without one named, nothing is known paid.
      if (!readBack) return 'pending';
      const p = await call<{ paymentLink?: unknown; status?: string; deleted?: unknown }>(
        'GET',
        `/v3/payments/${encodeURIComponent(readBack)}`,
      );
      if (p.paymentLink !== chargeId || p.deleted === true) return 'pending';
      return asaasStatus(p.status);
    },

    verifyWebhook({ headers, rawBody }: WebhookInput): WebhookVerdict {
      const token = headerOf(headers, 'asaas-access-token');
      if (!token) return { ok: false, reason: 'no asaas-access-token header' };
      if (!sameSecret(token, creds.webhookToken)) return { ok: false, reason: 'wrong asaas-access-token' };
      let event: { event?: unknown; payment?: { id?: unknown; paymentLink?: unknown } };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        return { ok: true, chargeId: null };
      }
      const p = event.payment;
      if (
        typeof event.event !== 'string' ||
        !event.event.startsWith('PAYMENT_') ||
        typeof p?.id !== 'string' ||
        !/^pay_\w{1,60}$/.test(p.id) ||
        typeof p.paymentLink !== 'string' ||
        !/^\w{1,60}$/.test(p.paymentLink)
      )
        return { ok: true, chargeId: null };
      return { ok: true, chargeId: p.paymentLink, readBack: p.id };
    },
  };
}
