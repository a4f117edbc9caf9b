// The Owen payment gateway (README "Billing") against its stand-in: the Pix QR is made with the
// invoice's value, its unsigned webhook is taken only with the operator's token in the URL, the QR
// is always read back (APPROVED for at least the invoice's value pays), a webhook delivered three
// times pays once, and the paid company is unblocked at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings } from '../../../platform/db/schema.js';
import { gatewayHelpers, nextMonth, startGatewayBed, type GatewayBed } from './gateways.test-support.js';
import { startOwenStandIn, type OwenStandIn } from './stand-ins/owen/stand-in.js';

let bed: GatewayBed;
let owen: OwenStandIn;
const TOKEN = `owen_${'0123456789abcdef'.repeat(2)}`;
const { sys, call, invoiceRow, paidLogs, settings, dueDate, blocked, expiredCompany } = gatewayHelpers(() => bed);
const statusReads = (qrcodeId: string) =>
  owen.requests().filter((r) => r.path === '/v1/qrstatus' && r.query.qrcodeId === qrcodeId).length;
const charge = (c: { admin: Parameters<typeof call>[0] }, invoiceId: number) =>
  call(c.admin)('POST', `/invoices/${invoiceId}/charge`);

beforeAll(async () => {
  owen = await startOwenStandIn();
  bed = await startGatewayBed({ owenApiUrl: owen.url });
  owen.webhookUrl = `${bed.base}/subscription/payment/webhook/owen?token=${TOKEN}`;
});
afterAll(async () => {
  await bed.h.close();
  await owen.close();
});

describe('Owen settings', () => {
  it('validates its credentials, keeps them sealed, answers them masked, and may be picked', async () => {
    expect(
      await settings({
        owenUser: '1234',
        owenPassword: 'short',
        owenSecretKey: 'with spaces in it',
        owenWebhookToken: 'guessable',
      }),
    ).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: {
          owenUser: 'validation.invalidValue',
          owenPassword: 'validation.invalidValue',
          owenSecretKey: 'validation.invalidValue',
          owenWebhookToken: 'validation.invalidValue',
        },
      },
    });
    const plain = {
      owenUser: owen.user,
      owenPassword: owen.password,
      owenSecretKey: owen.secretKey,
      owenWebhookToken: TOKEN,
    };
    const saved = await settings({ ...plain, paymentGateway: 'owen' });
    expect(saved.status).toBe(200);
    for (const [key, value] of Object.entries(plain)) {
      expect(saved.body[key]).toBe(`••••${value.slice(-4)}`);
      const [row] = await sys().select().from(platformSettings).where(eq(platformSettings.key, key));
      expect(row!.value.startsWith('v1.')).toBe(true);
      expect(row!.value).not.toContain(value);
    }
    // A punctuated CNPJ is taken too; the masked value sent back keeps the stored one.
    expect((await settings({ owenUser: '12.345.678/0001-95' })).status).toBe(200);
    expect((await settings({ owenUser: owen.user, owenPassword: saved.body.owenPassword })).status).toBe(200);
    expect(saved.body.paymentGateway).toBe('owen');
  });
});

describe('Owen', () => {
  it("makes a Pix QR of the invoice's value, answers it again, and 404s another company", async () => {
    const { c, invoiceId } = await expiredCompany();
    const other = await bed.h.company();
    expect(await charge(other, invoiceId)).toMatchObject({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
    expect(owen.requests()).toHaveLength(0);

    const res = await charge(c, invoiceId);
    expect(res.status).toBe(200);
    const qr = owen.qrs().find((q) => q.qrcodeId === res.body.chargeId)!;
    expect(qr).toMatchObject({ valor: '99.90', mensagem: expect.stringContaining(`#${invoiceId}`) });
    // Valid as long as the charge (23 h), in minutes.
    expect(qr.minutos).toBeGreaterThanOrEqual(23 * 60 - 1);
    expect(qr.minutos).toBeLessThanOrEqual(23 * 60);
    expect(owen.requests().at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/qrdinamico',
      query: { valor: '99.90', user: owen.user, password: owen.password, secretkey: owen.secretKey },
    });
    expect(res.body).toMatchObject({
      invoiceId,
      gateway: 'owen',
      value: 99.9,
      pixCopyPaste: qr.qrcode,
      pixQrBase64: qr.qrcodeBase64,
      checkoutUrl: null,
    });
    expect(res.body.pixCopyPaste).toMatch(/^000201/);
    const n = owen.requests().length;
    expect((await charge(c, invoiceId)).body.chargeId).toBe(qr.qrcodeId);
    expect(owen.requests()).toHaveLength(n);
    expect((await call(c.admin)('GET', '/invoices/all')).body.gateway).toBe('owen');
    expect((await call(other.admin)('GET', '/invoices/all')).body.invoices ?? []).not.toContainEqual(
      expect.objectContaining({ id: invoiceId }),
    );
  });

  it('without an image from Owen, the charge carries the BR Code only (/financeiro draws its QR)', async () => {
    owen.qrImage = false;
    const { c, invoiceId } = await expiredCompany();
    const res = await charge(c, invoiceId);
    owen.qrImage = true;
    expect(res.body).toMatchObject({
      gateway: 'owen',
      pixQrBase64: null,
      pixCopyPaste: expect.stringMatching(/^000201/),
    });
  });

  it('two clicks at once make one QR', async () => {
    const { c, invoiceId } = await expiredCompany();
    const [a, b] = await Promise.all([charge(c, invoiceId), charge(c, invoiceId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.chargeId).toBe(a.body.chargeId);
    expect(owen.qrs().filter((q) => q.mensagem.endsWith(`#${invoiceId}`))).toHaveLength(1);
    expect((await invoiceRow(invoiceId)).gatewayChargeId).toBe(a.body.chargeId);
  });

  it('refuses a wrong or missing token, pays once for a webhook delivered three times, and unblocks the company', async () => {
    const { c, invoiceId } = await expiredCompany();
    const due = (await dueDate(c))!;
    const { body } = await charge(c, invoiceId);
    expect(await owen.pay(body.chargeId, { deliver: false })).toBeNull();

    expect(await owen.deliver(body.chargeId, { token: `${TOKEN}x` })).toBe(401);
    expect(await owen.deliver(body.chargeId, { token: TOKEN.slice(1) })).toBe(401);
    expect(await owen.deliver(body.chargeId, { token: null })).toBe(401);
    expect(await owen.deliver(body.chargeId, { token: '' })).toBe(401);
    expect(statusReads(body.chargeId)).toBe(0);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');
    expect(await blocked(c)).toBe(true);

    // Owen down while reading the QR back: not paid, answered 502 so it is delivered again.
    owen.failNext(1, 500);
    expect(await owen.deliver(body.chargeId)).toBe(502);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');

    for (let i = 0; i < 3; i++) expect(await owen.deliver(body.chargeId)).toBe(200);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid', paidBy: 'owen' });
    expect(await paidLogs(invoiceId)).toHaveLength(1);
    expect(await blocked(c)).toBe(false);
    expect(await dueDate(c)).toBe(nextMonth(due));
    expect(await charge(c, invoiceId)).toMatchObject({ status: 409, body: { error: 'ERR_INVOICE_PAID' } });
  });

  it('a webhook saying APPROVED pays nothing while qrstatus says otherwise, or says less than the invoice', async () => {
    const { c, invoiceId } = await expiredCompany();
    const { body } = await charge(c, invoiceId);
    // Not paid at Owen: the (genuine) webhook's APPROVED is not believed.
    expect(await owen.deliver(body.chargeId, { status: 'APPROVED' })).toBe(200);
    expect(statusReads(body.chargeId)).toBe(1);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');
    // Paid, but less than the invoice's 99.90.
    expect(await owen.pay(body.chargeId, { valor: 99.89 })).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');
    expect(await blocked(c)).toBe(true);
    // The whole value: paid.
    expect(await owen.pay(body.chargeId)).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
    expect(await blocked(c)).toBe(false);
  });

  it('a webhook for a QR of no invoice, or without one, pays nothing', async () => {
    const res = await fetch(owen.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: { status: 'APPROVED', qrcodeId: '2d2bf7b7-24fc-4431-9cb8-460ea14ee9e9', valor: 99.9 },
      }),
    });
    expect(res.status).toBe(200);
    const empty = await fetch(owen.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(empty.status).toBe(200);
  });

  it('answers ERR_GATEWAY_REFUSED with credentials Owen refuses, and stores no charge', async () => {
    await settings({ owenPassword: 'revoked-password-0000' });
    const { c, invoiceId } = await expiredCompany();
    expect(await charge(c, invoiceId)).toMatchObject({ status: 502, body: { error: 'ERR_GATEWAY_REFUSED' } });
    expect((await invoiceRow(invoiceId)).gatewayChargeId).toBeNull();
    await settings({ owenPassword: owen.password });
    expect((await charge(c, invoiceId)).status).toBe(200);
  });
});
