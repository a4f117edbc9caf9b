// SECURITY-CRITICAL: the Stripe adapter. A webhook is taken only when `stripe.webhooks.constructEvent`
// verifies its Stripe-Signature under the operator's endpoint secret, and a session counts as paid
// only when the API, read back with the secret key, says `payment_status: 'paid'`.
/**
 * Stripe with its official SDK (`stripe`): a Checkout Session per invoice
 * (https://docs.stripe.com/api/checkout/sessions/create): `mode: 'payment'`, one line of the
 * invoice's value in BRL cents, `client_reference_id` and `metadata.invoice_id` = the invoice id,
 * an idempotency key per invoice; the company pays on Stripe's page (`url`). Webhooks
 * (https://docs.stripe.com/webhooks#verify-events): `checkout.session.completed` and
 * `checkout.session.async_payment_succeeded`, then the session read back
 * (https://docs.stripe.com/api/checkout/sessions/retrieve). The SDK's `host`, `port` and
 * `protocol` options point it at a stand-in (STRIPE_API_URL).
 */
import Stripe from 'stripe';
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

export const STRIPE_API_URL = 'https://api.stripe.com';

export interface StripeCredentials {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
}

/** The events that say a Checkout Session was paid (card at once, or a delayed method later). */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export function stripeStatus(s: { status: string | null; payment_status: string }): ChargeStatus {
  if (s.payment_status === 'paid' || s.payment_status === 'no_payment_required') return 'paid';
  if (s.status === 'expired') return 'expired';
  return 'pending';
}

function failure(err: unknown): GatewayError {
  const e = err as { message?: string; statusCode?: number };
  return new GatewayError('stripe', e?.message ?? String(err), typeof e?.statusCode === 'number' ? e.statusCode : null);
}

export function stripeGateway(creds: StripeCredentials): PaymentGateway {
  const api = new URL(creds.apiUrl ?? STRIPE_API_URL);
  const stripe = new Stripe(creds.secretKey, {
    host: api.hostname,
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    ...(api.port ? { port: Number(api.port) } : {}),
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });

  return {
    name: 'stripe',
    async createCharge(req: ChargeRequest): Promise<CreatedCharge> {
      const back = new URL(req.returnUrl);
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'brl',
                  unit_amount: Math.round(req.invoice.value * 100),
                  product_data: { name: `${req.invoice.planName} (${req.invoice.dueDate})`.slice(0, 250) },
                },
              },
            ],
            client_reference_id: String(req.invoice.id),
            metadata: { invoice_id: String(req.invoice.id), tenant_id: String(req.invoice.tenantId) },
            ...(req.company.email ? { customer_email: req.company.email } : {}),
            expires_at: Math.floor(req.expiresAt.getTime() / 1000),
            success_url: withQuery(back, 'paid', String(req.invoice.id)),
            cancel_url: back.toString(),
          },
          { idempotencyKey: req.idempotencyKey },
        );
        if (!session.url) throw new GatewayError('stripe', 'session without a url', null);
        return {
          chargeId: session.id,
          checkoutUrl: session.url,
          expiresAt: new Date(session.expires_at * 1000),
        };
      } catch (err) {
        throw err instanceof GatewayError ? err : failure(err);
      }
    },

    async readCharge(chargeId: string): Promise<ChargeStatus> {
      try {
        return stripeStatus(await stripe.checkout.sessions.retrieve(chargeId));
      } catch (err) {
        throw failure(err);
      }
    },

    verifyWebhook({ headers, rawBody }: WebhookInput): WebhookVerdict {
      const signature = headerOf(headers, 'stripe-signature');
      if (!signature) return { ok: false, reason: 'no Stripe-Signature header' };
      let event: Stripe.Event;
      try {
        // The SDK's default tolerance: 300 s between the signed timestamp and now.
        event = stripe.webhooks.constructEvent(rawBody, signature, creds.webhookSecret);
      } catch (err) {
        return { ok: false, reason: (err as Error).message };
      }
      if (!PAID_EVENTS.has(event.type)) return { ok: true, chargeId: null };
      const session = event.data.object as { id?: unknown; object?: unknown };
      if (session.object !== 'checkout.session' || typeof session.id !== 'string') return { ok: true, chargeId: null };
      return { ok: true, chargeId: session.id };
    },
  };
}

function withQuery(url: URL, key: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(key, value);
  return u.toString();
}
