/**
 * Stripe's bodies as its public API reference shows them, for the stand-in:
 *  - the Checkout Session object (https://docs.stripe.com/api/checkout/sessions/object), answered
 *    by create (https://docs.stripe.com/api/checkout/sessions/create) and retrieve
 *    (https://docs.stripe.com/api/checkout/sessions/retrieve);
 *  - the Event object (https://docs.stripe.com/api/events/object) of `checkout.session.completed`
 *    (https://docs.stripe.com/api/events/types#event_types-checkout.session.completed);
 *  - `Stripe-Signature: t={seconds},v1={HMAC-SHA256 hex of "{t}.{payload}" under the endpoint
 *    secret}` (https://docs.stripe.com/webhooks#verify-manually);
 *  - errors `{ error: { type, code, message, param, doc_url } }` (https://docs.stripe.com/api/errors).
 */
import { createHmac } from 'node:crypto';

export interface StandInSession {
  id: string;
  amount: number;
  currency: string;
  productName: string;
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  created: number;
  expiresAt: number;
  status: 'open' | 'complete' | 'expired';
  paymentIntent: string | null;
}

export function sessionBody(s: StandInSession, base: string) {
  const paid = s.status === 'complete';
  return {
    id: s.id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: s.amount,
    amount_total: s.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: s.cancelUrl,
    client_reference_id: s.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: s.created,
    currency: s.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: paid
      ? { address: null, email: s.customerEmail, name: null, phone: null, tax_exempt: 'none', tax_ids: [] }
      : null,
    customer_email: s.customerEmail,
    discounts: [],
    expires_at: s.expiresAt,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: {},
        rendering_options: null,
      },
    },
    livemode: false,
    locale: null,
    metadata: s.metadata,
    mode: 'payment',
    origin_context: null,
    payment_intent: s.paymentIntent,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: paid ? 'paid' : 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: s.status,
    submit_type: null,
    subscription: null,
    success_url: s.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: s.status === 'open' ? `${base}/c/pay/${s.id}` : null,
    wallet_options: null,
  };
}

export function eventBody(id: string, type: string, object: unknown, apiVersion: string) {
  return {
    id,
    object: 'event',
    api_version: apiVersion,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export const stripeError = (message: string, extra: { type?: string; code?: string; param?: string } = {}) => ({
  error: {
    type: extra.type ?? 'invalid_request_error',
    ...(extra.code
      ? { code: extra.code, doc_url: `https://docs.stripe.com/error-codes/${extra.code.replace(/_/g, '-')}` }
      : {}),
    message,
    ...(extra.param ? { param: extra.param } : {}),
  },
});

export function stripeSignature(secret: string, payload: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}
