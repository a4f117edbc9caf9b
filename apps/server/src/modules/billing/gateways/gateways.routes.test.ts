// Payment gateways (README "Billing"): each adapter against its provider's stand-in: the charge is
// made with the invoice's value, a webhook with a wrong signature is refused and pays nothing, a
// webhook delivered again pays once, and the paid company is unblocked at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings } from '../../../platform/db/schema.js';
import { day, gatewayHelpers, nextMonth, startGatewayBed, type GatewayBed } from './gateways.test-support.js';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from './stand-ins/mercadopago/stand-in.js';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe/stand-in.js';

let bed: GatewayBed;
let mp: MercadoPagoStandIn;
let st: StripeStandIn;
const { sys, call, invoiceRow, paidLogs, settings, dueDate, blocked, expiredCompany } = gatewayHelpers(() => bed);

beforeAll(async () => {
  mp = await startMercadoPagoStandIn();
  st = await startStripeStandIn();
  bed = await startGatewayBed({ mercadoPagoApiUrl: mp.url, stripeApiUrl: st.url });
  mp.webhookUrl = `${bed.base}/subscription/payment/webhook/mercadopago`;
  st.webhookUrl = `${bed.base}/subscription/payment/webhook/stripe`;
});
afterAll(async () => {
  await bed.h.close();
  await mp.close();
  await st.close();
});

describe('gateway settings', () => {
  it('keeps credentials sealed, answers them masked, validates them; only built gateways may be picked', async () => {
    expect(await settings({ paymentGateway: 'paypal' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { paymentGateway: 'validation.invalidValue' } },
    });
    expect(await settings({ mercadopagoAccessToken: 'not a token', stripeWebhookSecret: 'sk_test_abc' })).toMatchObject(
      {
        status: 400,
        body: {
          fields: { mercadopagoAccessToken: 'validation.invalidValue', stripeWebhookSecret: 'validation.invalidValue' },
        },
      },
    );
    const saved = await settings({
      mercadopagoAccessToken: mp.accessToken,
      mercadopagoWebhookSecret: mp.webhookSecret,
      stripeSecretKey: st.secretKey,
      stripeWebhookSecret: st.webhookSecret,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      mercadopagoAccessToken: `••••${mp.accessToken.slice(-4)}`,
      stripeSecretKey: `••••${st.secretKey.slice(-4)}`,
      stripeWebhookSecret: `••••${st.webhookSecret.slice(-4)}`,
    });
    const rows = await sys().select().from(platformSettings).where(eq(platformSettings.key, 'stripeSecretKey'));
    expect(rows[0]!.value.startsWith('v1.')).toBe(true);
    expect(rows[0]!.value).not.toContain(st.secretKey);
    // The masked value sent back keeps the stored one.
    expect((await settings({ stripeSecretKey: saved.body.stripeSecretKey })).status).toBe(200);
    expect((await call(bed.op)('GET', '/admin/settings')).body.stripeSecretKey).toBe(`••••${st.secretKey.slice(-4)}`);
  });
});

describe('POST /invoices/{id}/charge', () => {
  it('answers 401, 403 to agents, 404 for another company, validates the id, and needs a configured gateway', async () => {
    await settings({ paymentGateway: '' });
    const { c, invoiceId } = await expiredCompany();
    const agent = await bed.h.user(c, 'user');
    const other = await bed.h.company();
    expect((await call(null)('POST', `/invoices/${invoiceId}/charge`)).status).toBe(401);
    expect(await call(agent)('POST', `/invoices/${invoiceId}/charge`)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await call(other.admin)('POST', `/invoices/${invoiceId}/charge`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_INVOICE_FOUND' },
    });
    expect(await call(c.admin)('POST', '/invoices/abc/charge')).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
    expect(await call(c.admin)('POST', `/invoices/${invoiceId}/charge`)).toMatchObject({
      status: 409,
      body: { error: 'ERR_GATEWAY_NOT_CONFIGURED' },
    });
    expect((await call(c.admin)('GET', '/invoices/all')).body.gateway).toBeNull();
    expect(mp.requests()).toHaveLength(0);
    expect((await invoiceRow(invoiceId)).gatewayChargeId).toBeNull();
  });

  it('a gateway picked without its credentials leaves the company on Pix', async () => {
    await settings({ paymentGateway: 'stripe', stripeSecretKey: '' });
    const { c, invoiceId } = await expiredCompany();
    expect((await call(c.admin)('GET', '/invoices/all')).body.gateway).toBeNull();
    expect(await call(c.admin)('POST', `/invoices/${invoiceId}/charge`)).toMatchObject({
      status: 409,
      body: { error: 'ERR_GATEWAY_NOT_CONFIGURED' },
    });
    await settings({ paymentGateway: '', stripeSecretKey: st.secretKey });
  });

  it('answers ERR_GATEWAY_REFUSED when the gateway refuses the charge (a revoked token)', async () => {
    await settings({ paymentGateway: 'mercadopago', mercadopagoAccessToken: 'TEST-0000000000000000-revoked' });
    const { c, invoiceId } = await expiredCompany();
    expect(await call(c.admin)('POST', `/invoices/${invoiceId}/charge`)).toMatchObject({
      status: 502,
      body: { error: 'ERR_GATEWAY_REFUSED' },
    });
    expect((await invoiceRow(invoiceId)).gatewayChargeId).toBeNull();
    await settings({ mercadopagoAccessToken: mp.accessToken });
  });
});

describe('Mercado Pago', () => {
  it("makes a Pix payment of the invoice's value once, and answers it again", async () => {
    await settings({ paymentGateway: 'mercadopago' });
    const { c, invoiceId } = await expiredCompany();
    const charge = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    expect(charge.status).toBe(200);
    const payment = mp.payments().find((p) => String(p.id) === charge.body.chargeId)!;
    expect(payment).toMatchObject({ amount: 99.9, externalReference: String(invoiceId), status: 'pending' });
    expect(charge.body).toMatchObject({
      invoiceId,
      gateway: 'mercadopago',
      value: 99.9,
      pixCopyPaste: payment.qrCode,
      pixQrBase64: payment.qrCodeBase64,
      checkoutUrl: null,
    });
    const creates = mp
      .requests()
      .filter(
        (r) => r.method === 'POST' && r.path === '/v1/payments' && r.authorization === `Bearer ${mp.accessToken}`,
      );
    expect(creates.at(-1)).toMatchObject({
      idempotencyKey: `prosa-invoice-${invoiceId}-9990-first`,
      body: { transaction_amount: 99.9, payment_method_id: 'pix', external_reference: String(invoiceId) },
    });
    const before = mp.requests().length;
    const again = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    expect(again.body.chargeId).toBe(charge.body.chargeId);
    // Answered from the invoice: no second call to Mercado Pago.
    expect(mp.requests()).toHaveLength(before);
    expect((await call(c.admin)('GET', '/invoices/all')).body.gateway).toBe('mercadopago');
  });

  it('refuses a forged webhook, pays once for a webhook delivered three times, and unblocks the company', async () => {
    const { c, invoiceId } = await expiredCompany();
    const { body } = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    const payment = mp.payments().find((p) => String(p.id) === body.chargeId)!;
    // A pending payment's (genuine) notification pays nothing.
    expect(await mp.deliver(payment.id)).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');

    payment.status = 'approved';
    expect(await mp.deliver(payment.id, { secret: 'a'.repeat(64) })).toBe(401);
    const unsigned = await fetch(`${mp.webhookUrl}?data.id=${payment.id}&type=payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'payment', data: { id: String(payment.id) } }),
    });
    expect(unsigned.status).toBe(401);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');
    expect(await blocked(c)).toBe(true);

    // Mercado Pago down while reading the payment back: not paid, answered 502 so it retries.
    mp.failNext(2, 500);
    expect(await mp.deliver(payment.id)).toBe(502);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');

    for (let i = 0; i < 3; i++) expect(await mp.deliver(payment.id)).toBe(200);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid', paidBy: 'mercadopago' });
    expect(await paidLogs(invoiceId)).toHaveLength(1);
    expect(await blocked(c)).toBe(false);
    expect(await dueDate(c)).toBe(nextMonth(day(-2)));
    expect(await call(c.admin)('POST', `/invoices/${invoiceId}/charge`)).toMatchObject({
      status: 409,
      body: { error: 'ERR_INVOICE_PAID' },
    });
  });

  it('approve() on the stand-in pays through the signed webhook; an unsigned (old IPN) notification is refused', async () => {
    const { c, invoiceId } = await expiredCompany();
    const { body } = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    const merchantOrder = await fetch(
      `${bed.base}/subscription/payment/webhook/mercadopago?topic=merchant_order&id=1`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
    );
    expect(merchantOrder.status).toBe(401);
    expect(await mp.approve(body.chargeId)).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
    expect(await blocked(c)).toBe(false);
  });
});

describe('Stripe', () => {
  it('makes a Checkout Session in BRL cents, refuses a forged event, pays once for an event delivered three times', async () => {
    await settings({ paymentGateway: 'stripe' });
    const { c, invoiceId } = await expiredCompany();
    const charge = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    expect(charge.status).toBe(200);
    expect(charge.body).toMatchObject({ invoiceId, gateway: 'stripe', value: 99.9, pixCopyPaste: null });
    expect(charge.body.checkoutUrl).toBe(`${st.url}/c/pay/${charge.body.chargeId}`);
    const session = st.sessions().find((s) => s.id === charge.body.chargeId)!;
    expect(session).toMatchObject({
      amount: 9990,
      currency: 'brl',
      clientReferenceId: String(invoiceId),
      metadata: { invoice_id: String(invoiceId), tenant_id: String(c.tenantId) },
      status: 'open',
    });
    expect(session.successUrl).toMatch(/\/financeiro\?paid=\d+$/);
    expect((await call(c.admin)('POST', `/invoices/${invoiceId}/charge`)).body.chargeId).toBe(session.id);
    expect(st.requests().filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(1);

    // Not paid yet: a genuine event for an open session pays nothing (the session is read back).
    expect(await st.deliver(session.id)).toBe(200);
    session.status = 'complete';
    expect(await st.deliver(session.id, { secret: `whsec_${'f'.repeat(40)}` })).toBe(401);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');
    expect(await blocked(c)).toBe(true);

    for (let i = 0; i < 3; i++) expect(await st.deliver(session.id)).toBe(200);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid', paidBy: 'stripe' });
    expect(await paidLogs(invoiceId)).toHaveLength(1);
    expect(await blocked(c)).toBe(false);
  });

  it("the stand-in's checkout page pays and goes back to /financeiro", async () => {
    const { c, invoiceId } = await expiredCompany();
    const { body } = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    const page = await fetch(body.checkoutUrl, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toMatch(/\/financeiro\?paid=\d+$/);
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
    expect(await blocked(c)).toBe(false);
  });

  it('a gateway without credentials refuses its webhooks; an unknown gateway is a validation error', async () => {
    await settings({ mercadopagoWebhookSecret: '' });
    const res = await fetch(`${bed.base}/subscription/payment/webhook/mercadopago?data.id=1&type=payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    // Owen without its credentials in this file: refused too, even with a token.
    expect(await call(null)('POST', '/subscription/payment/webhook/owen?token=x', {})).toMatchObject({
      status: 401,
      body: { error: 'ERR_WEBHOOK_SIGNATURE' },
    });
    expect(await call(null)('POST', '/subscription/payment/webhook/paypal', {})).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION' },
    });
  });
});
