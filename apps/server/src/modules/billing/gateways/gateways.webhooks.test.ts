// The adapters' webhook parsers on the stand-ins' bodies (taken from the providers' docs, cited
// in their fixtures.ts): what is verified, what is refused, what is ignored.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mercadoPagoGateway, mpStatus } from './mercadopago.js';
import { signature, webhookBody } from './stand-ins/mercadopago/fixtures.js';
import { eventBody, sessionBody, stripeSignature, type StandInSession } from './stand-ins/stripe/fixtures.js';
import { stripeGateway, stripeStatus } from './stripe.js';

const MP_SECRET = 'c2f1e0d9b8a7c2f1e0d9b8a7c2f1e0d9b8a7c2f1e0d9b8a7c2f1e0d9b8a7c2f1';
const mp = mercadoPagoGateway({ accessToken: 'TEST-1', webhookSecret: MP_SECRET, apiUrl: 'http://127.0.0.1:9' });
const WHSEC = 'whsec_0123456789abcdef0123456789abcdef';
const stripe = stripeGateway({ secretKey: 'sk_test_123', webhookSecret: WHSEC, apiUrl: 'http://127.0.0.1:9' });

function mpInput(dataId: string, opts: { type?: string; secret?: string; ts?: number } = {}) {
  const requestId = randomUUID();
  const body = Buffer.from(JSON.stringify(webhookBody(Number(dataId) || 1, 1)));
  return {
    headers: {
      'x-request-id': requestId,
      'x-signature': signature(opts.secret ?? MP_SECRET, dataId, requestId, opts.ts ?? Math.floor(Date.now() / 1000)),
    },
    rawBody: body,
    query: { 'data.id': dataId, type: opts.type ?? 'payment' },
  };
}

describe('Mercado Pago webhooks', () => {
  it('verifies x-signature over data.id, x-request-id and ts', () => {
    expect(mp.verifyWebhook(mpInput('1320000001'))).toEqual({ ok: true, chargeId: '1320000001' });
    expect(mp.verifyWebhook(mpInput('1320000001', { secret: 'f'.repeat(64) }))).toMatchObject({ ok: false });
    // The signature names one payment: it cannot be moved to another.
    const moved = mpInput('1320000001');
    expect(mp.verifyWebhook({ ...moved, query: { 'data.id': '1320000002', type: 'payment' } })).toMatchObject({
      ok: false,
    });
    expect(
      mp.verifyWebhook({
        ...moved,
        headers: { 'x-request-id': randomUUID(), 'x-signature': moved.headers['x-signature'] },
      }),
    ).toMatchObject({ ok: false });
    expect(mp.verifyWebhook({ ...moved, headers: {} })).toMatchObject({ ok: false, reason: 'MissingSignatureHeader' });
  });
  it('drops signed notifications of other topics', () => {
    expect(mp.verifyWebhook(mpInput('987', { type: 'merchant_order' }))).toEqual({ ok: true, chargeId: null });
    expect(mp.verifyWebhook(mpInput('not-a-payment'))).toEqual({ ok: true, chargeId: null });
  });
  it('reads approved as paid, and nothing else', () => {
    expect(mpStatus('approved')).toBe('paid');
    for (const s of ['pending', 'in_process', 'authorized', 'in_mediation', undefined])
      expect(mpStatus(s)).toBe('pending');
    expect(mpStatus('rejected')).toBe('cancelled');
    expect(mpStatus('refunded')).toBe('refunded');
  });
});

describe('Stripe webhooks', () => {
  const session: StandInSession = {
    id: 'cs_test_a1b2c3',
    amount: 9990,
    currency: 'brl',
    productName: 'Plano (2030-01-10)',
    clientReferenceId: '7',
    customerEmail: 'a@b.example',
    metadata: { invoice_id: '7' },
    successUrl: 'http://localhost/financeiro?paid=7',
    cancelUrl: null,
    created: 1,
    expiresAt: 2,
    status: 'complete',
    paymentIntent: 'pi_1',
  };
  const signed = (type: string, secret = WHSEC, t = Math.floor(Date.now() / 1000)) => {
    const payload = JSON.stringify(
      eventBody('evt_1', type, sessionBody(session, 'http://stand-in'), '2026-10-28.endive'),
    );
    return {
      headers: { 'stripe-signature': stripeSignature(secret, payload, t) },
      rawBody: Buffer.from(payload),
      query: {},
    };
  };
  it('verifies Stripe-Signature with constructEvent over the exact bytes', () => {
    expect(stripe.verifyWebhook(signed('checkout.session.completed'))).toEqual({
      ok: true,
      chargeId: 'cs_test_a1b2c3',
    });
    expect(stripe.verifyWebhook(signed('checkout.session.completed', 'whsec_other'))).toMatchObject({ ok: false });
    // Older than the SDK's 300 s tolerance: a replay.
    expect(
      stripe.verifyWebhook(signed('checkout.session.completed', WHSEC, Math.floor(Date.now() / 1000) - 600)),
    ).toMatchObject({ ok: false });
    const changed = signed('checkout.session.completed');
    expect(
      stripe.verifyWebhook({ ...changed, rawBody: Buffer.from(changed.rawBody.toString().replace('9990', '1')) }),
    ).toMatchObject({ ok: false });
    expect(stripe.verifyWebhook({ ...changed, headers: {} })).toMatchObject({ ok: false });
  });
  it('acts on paid-session events only', () => {
    expect(stripe.verifyWebhook(signed('checkout.session.async_payment_succeeded'))).toEqual({
      ok: true,
      chargeId: 'cs_test_a1b2c3',
    });
    expect(stripe.verifyWebhook(signed('checkout.session.expired'))).toEqual({ ok: true, chargeId: null });
    expect(stripeStatus({ status: 'complete', payment_status: 'paid' })).toBe('paid');
    expect(stripeStatus({ status: 'complete', payment_status: 'unpaid' })).toBe('pending');
    expect(stripeStatus({ status: 'expired', payment_status: 'unpaid' })).toBe('expired');
  });
});
