// Payment gateways Asaas and EFI (README "Billing"), each against its provider's stand-in: the
// charge is made with the invoice's value, a webhook with a wrong token or secret is refused and
// pays nothing, a webhook delivered again pays once, and the paid company is unblocked at once.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, platformSettings } from '../../../platform/db/schema.js';
import { efiTxid } from './efi.js';
import { gatewayHelpers, nextMonth, startGatewayBed, type GatewayBed } from './gateways.test-support.js';
import { startAsaasStandIn, type AsaasStandIn } from './stand-ins/asaas/stand-in.js';
import {
  EFI_OPERATOR_P12,
  EFI_OPERATOR_PEM,
  EFI_STAND_IN_CA,
  EFI_STRANGER_P12,
  startEfiStandIn,
  type EfiStandIn,
} from './stand-ins/efi/stand-in.js';

let bed: GatewayBed;
let asaas: AsaasStandIn;
let efi: EfiStandIn;
const EFI_SECRET = `efi_${randomUUID().replace(/-/g, '')}`;
const PIX_KEY = 'cobrancas@prosa.example';
const { sys, call, invoiceRow, paidLogs, settings, dueDate, blocked, expiredCompany } = gatewayHelpers(() => bed);

beforeAll(async () => {
  asaas = await startAsaasStandIn();
  efi = await startEfiStandIn();
  bed = await startGatewayBed({ asaasApiUrl: asaas.url, efiApiUrl: efi.url, efiApiCa: EFI_STAND_IN_CA() });
  asaas.webhookUrl = `${bed.base}/subscription/payment/webhook/asaas`;
  efi.webhookUrl = `${bed.base}/subscription/payment/webhook/efi?hmac=${EFI_SECRET}&ignorar=`;
});
afterAll(async () => {
  await bed.h.close();
  await asaas.close();
  await efi.close();
});

describe('Asaas and EFI settings', () => {
  it('validates their credentials, keeps them sealed and answers them masked', async () => {
    const bad = await settings({
      asaasApiKey: 'aact_without_dollar_0123456789',
      asaasWebhookToken: 'short',
      efiClientId: 'Client_Secret_0123456789',
      efiClientSecret: 'secret',
      efiCertificate: 'not a certificate',
      efiWebhookSecret: 'has spaces in it, sixteen+',
      efiPixKey: 'a key with spaces',
    });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: {
          asaasApiKey: 'validation.invalidValue',
          asaasWebhookToken: 'validation.invalidValue',
          efiClientId: 'validation.invalidValue',
          efiClientSecret: 'validation.invalidValue',
          efiCertificate: 'validation.invalidValue',
          efiWebhookSecret: 'validation.invalidValue',
          efiPixKey: 'validation.invalidValue',
        },
      },
    });
    const saved = await settings({
      asaasApiKey: asaas.apiKey,
      asaasWebhookToken: asaas.webhookToken,
      efiClientId: efi.clientId,
      efiClientSecret: efi.clientSecret,
      efiCertificate: EFI_OPERATOR_P12(),
      efiWebhookSecret: EFI_SECRET,
      efiPixKey: PIX_KEY,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      asaasApiKey: `••••${asaas.apiKey.slice(-4)}`,
      asaasWebhookToken: `••••${asaas.webhookToken.slice(-4)}`,
      efiClientSecret: `••••${efi.clientSecret.slice(-4)}`,
      efiCertificate: `••••${EFI_OPERATOR_P12().slice(-4)}`,
      efiPixKey: PIX_KEY,
    });
    const plain = {
      asaasApiKey: asaas.apiKey,
      asaasWebhookToken: asaas.webhookToken,
      efiClientId: efi.clientId,
      efiClientSecret: efi.clientSecret,
      efiCertificate: EFI_OPERATOR_P12(),
      efiWebhookSecret: EFI_SECRET,
    };
    for (const [key, value] of Object.entries(plain)) {
      const [row] = await sys().select().from(platformSettings).where(eq(platformSettings.key, key));
      expect(row!.value.startsWith('v1.')).toBe(true);
      expect(row!.value).not.toContain(value.slice(0, 40));
    }
    // A PEM certificate (certificate and key) is taken too; the masked value keeps the stored one.
    expect((await settings({ efiCertificate: EFI_OPERATOR_PEM() })).status).toBe(200);
    expect((await settings({ efiCertificate: EFI_OPERATOR_P12() })).status).toBe(200);
    expect((await settings({ efiCertificate: saved.body.efiCertificate })).status).toBe(200);
    expect((await call(bed.op)('GET', '/admin/settings')).body.efiCertificate).toBe(
      `••••${EFI_OPERATOR_P12().slice(-4)}`,
    );
  });
});

describe('Asaas', () => {
  it("makes a Pix payment link of the invoice's value, answers it again, and 404s another company", async () => {
    await settings({ paymentGateway: 'asaas' });
    const { c, invoiceId } = await expiredCompany();
    const other = await bed.h.company();
    expect(await call(other.admin)('POST', `/invoices/${invoiceId}/charge`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_INVOICE_FOUND' },
    });
    expect(asaas.requests()).toHaveLength(0);
    const charge = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    expect(charge.status).toBe(200);
    const link = asaas.links().find((l) => l.id === charge.body.chargeId)!;
    expect(link).toMatchObject({ value: 99.9, externalReference: `prosa-invoice-${invoiceId}` });
    expect(link.successUrl).toMatch(new RegExp(`/financeiro\\?paid=${invoiceId}$`));
    expect(charge.body).toMatchObject({
      invoiceId,
      gateway: 'asaas',
      value: 99.9,
      pixCopyPaste: null,
      checkoutUrl: `${asaas.url}/c/${link.id}`,
    });
    expect(asaas.requests().at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/paymentLinks',
      accessToken: asaas.apiKey,
      body: { billingType: 'PIX', chargeType: 'DETACHED', value: 99.9 },
    });
    const before = asaas.requests().length;
    expect((await call(c.admin)('POST', `/invoices/${invoiceId}/charge`)).body.chargeId).toBe(link.id);
    expect(asaas.requests()).toHaveLength(before);
    expect((await call(c.admin)('GET', '/invoices/all')).body.gateway).toBe('asaas');
    expect((await call(other.admin)('GET', '/invoices/all')).body.invoices ?? []).not.toContainEqual(
      expect.objectContaining({ id: invoiceId }),
    );
  });

  it('refuses a wrong or missing token, pays once for an event delivered three times, and unblocks the company', async () => {
    const { c, invoiceId } = await expiredCompany();
    const due = (await dueDate(c))!;
    const { body } = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    const { payment } = await asaas.pay(body.chargeId, { deliver: false });
    const reads = () => asaas.requests().filter((r) => r.path === `/v3/payments/${payment.id}`).length;
    // A payment that reads back PENDING: its (genuine) event pays nothing.
    payment.status = 'PENDING';
    expect(await asaas.deliver(payment.id)).toBe(200);
    expect(reads()).toBe(1);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');

    payment.status = 'RECEIVED';
    expect(await asaas.deliver(payment.id, { token: `${asaas.webhookToken}x` })).toBe(401);
    expect(await asaas.deliver(payment.id, { token: null })).toBe(401);
    expect(reads()).toBe(1);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');
    expect(await blocked(c)).toBe(true);

    // Asaas down while reading the payment back: not paid, answered 502 so Asaas retries.
    asaas.failNext(1, 500);
    expect(await asaas.deliver(payment.id)).toBe(502);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');

    for (let i = 0; i < 3; i++) expect(await asaas.deliver(payment.id)).toBe(200);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid', paidBy: 'asaas' });
    expect(await paidLogs(invoiceId)).toHaveLength(1);
    expect(await blocked(c)).toBe(false);
    expect(await dueDate(c)).toBe(nextMonth(due));
  });

  it("an event naming another link's payment pays nothing (the payment is read back and checked)", async () => {
    const a = await expiredCompany();
    const b = await expiredCompany();
    const linkA = (await call(a.c.admin)('POST', `/invoices/${a.invoiceId}/charge`)).body.chargeId;
    const linkB = (await call(b.c.admin)('POST', `/invoices/${b.invoiceId}/charge`)).body.chargeId;
    // B's payment, announced as if it were A's (the token is genuine).
    const { payment } = await asaas.pay(linkB, { deliver: false });
    const res = await fetch(asaas.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'asaas-access-token': asaas.webhookToken },
      body: JSON.stringify({
        id: 'evt_forged',
        event: 'PAYMENT_RECEIVED',
        payment: { object: 'payment', id: payment.id, paymentLink: linkA, status: 'RECEIVED' },
      }),
    });
    expect(res.status).toBe(200);
    expect((await invoiceRow(a.invoiceId)).status).toBe('overdue');
    expect((await invoiceRow(b.invoiceId)).status).toBe('overdue');
    expect(await blocked(a.c)).toBe(true);
  });

  it('two clicks at once make one payment link', async () => {
    const { c, invoiceId } = await expiredCompany();
    const [a, b] = await Promise.all([
      call(c.admin)('POST', `/invoices/${invoiceId}/charge`),
      call(c.admin)('POST', `/invoices/${invoiceId}/charge`),
    ]);
    expect(a.status).toBe(200);
    expect(b.body.chargeId).toBe(a.body.chargeId);
    expect(asaas.links().filter((l) => l.externalReference === `prosa-invoice-${invoiceId}`)).toHaveLength(1);
    expect((await invoiceRow(invoiceId)).gatewayChargeId).toBe(a.body.chargeId);
  });

  it("the stand-in's link page pays and goes back to /financeiro", async () => {
    const { c, invoiceId } = await expiredCompany();
    const { body } = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    const page = await fetch(`${body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toMatch(/\/financeiro\?paid=\d+$/);
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
    expect(await blocked(c)).toBe(false);
  });
});

describe('EFI', () => {
  it('makes a Pix charge over mTLS with a txid per attempt, answers it again, and 404s another company', async () => {
    await settings({ paymentGateway: 'efi' });
    const { c, invoiceId } = await expiredCompany();
    const other = await bed.h.company();
    const before = efi.requests().length;
    expect(await call(other.admin)('POST', `/invoices/${invoiceId}/charge`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_INVOICE_FOUND' },
    });
    expect(efi.requests()).toHaveLength(before);
    const charge = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    expect(charge.status).toBe(200);
    const txid = efiTxid(`prosa-invoice-${invoiceId}-9990-first`);
    const cob = efi.cobs().find((x) => x.txid === txid)!;
    expect(cob).toMatchObject({ original: '99.90', chave: PIX_KEY, status: 'ATIVA' });
    expect(charge.body).toMatchObject({
      invoiceId,
      gateway: 'efi',
      chargeId: txid,
      value: 99.9,
      pixCopyPaste: cob.pixCopiaECola,
      pixQrBase64: cob.imagemQrcode,
      checkoutUrl: null,
    });
    const calls = efi.requests().slice(before);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /oauth/token',
      `PUT /v2/cob/${txid}`,
      `GET /v2/loc/${cob.locId}/qrcode`,
    ]);
    // Every call presented the operator's certificate.
    expect(new Set(calls.map((r) => r.clientCertificate))).toEqual(new Set(['prosa-operator (tests only)']));
    const n = efi.requests().length;
    expect((await call(c.admin)('POST', `/invoices/${invoiceId}/charge`)).body.chargeId).toBe(txid);
    expect(efi.requests()).toHaveLength(n);
  });

  it('two clicks at once make one charge', async () => {
    const { c, invoiceId } = await expiredCompany();
    const [a, b] = await Promise.all([
      call(c.admin)('POST', `/invoices/${invoiceId}/charge`),
      call(c.admin)('POST', `/invoices/${invoiceId}/charge`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.chargeId).toBe(a.body.chargeId);
    expect(efi.cobs().filter((x) => x.txid === a.body.chargeId)).toHaveLength(1);
    expect((await invoiceRow(invoiceId)).gatewayChargeId).toBe(a.body.chargeId);
  });

  it('a retried attempt reuses the charge EFI already has (txid_duplicado)', async () => {
    const { c, invoiceId } = await expiredCompany();
    const first = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    // Prosa lost what it stored (a crash after EFI answered): the same attempt asks again.
    await sys()
      .update(invoices)
      .set({ gateway: null, gatewayChargeId: null, gatewayCharge: null, gatewayChargeExpiresAt: null })
      .where(eq(invoices.id, invoiceId));
    const again = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    expect(again.status).toBe(200);
    expect(again.body.chargeId).toBe(first.body.chargeId);
    expect(efi.cobs().filter((x) => x.txid === first.body.chargeId)).toHaveLength(1);
  });

  it('refuses a wrong or missing hmac, pays once for a webhook delivered three times, and unblocks the company', async () => {
    const { c, invoiceId } = await expiredCompany();
    const due = (await dueDate(c))!;
    const { body } = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    // EFI's registration test call is answered 200 and does nothing.
    expect(await efi.deliverTest()).toBe(200);
    const cob = efi.cobs().find((x) => x.txid === body.chargeId)!;
    cob.status = 'CONCLUIDA';
    cob.paid = { endToEndId: 'E09089356202611281200abcdef12345', horario: new Date().toISOString() };
    const reads = () => efi.requests().filter((r) => r.method === 'GET' && r.path === `/v2/cob/${cob.txid}`).length;
    expect(await efi.deliver(cob.txid, { hmac: `${EFI_SECRET}x` })).toBe(401);
    expect(await efi.deliver(cob.txid, { hmac: null })).toBe(401);
    // Registered without `&ignorar=`, EFI's `/pix` lands in the hmac: refused (README says to add it).
    const registered = efi.webhookUrl!;
    efi.webhookUrl = `${bed.base}/subscription/payment/webhook/efi?hmac=${EFI_SECRET}`;
    expect(await efi.deliver(cob.txid)).toBe(401);
    efi.webhookUrl = registered;
    expect(reads()).toBe(0);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');
    expect(await blocked(c)).toBe(true);

    // EFI down while reading the charge back: not paid, answered 502 so EFI retries.
    efi.failNext(1, 500);
    expect(await efi.deliver(cob.txid)).toBe(502);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');

    for (let i = 0; i < 3; i++) expect(await efi.deliver(cob.txid)).toBe(200);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'paid', paidBy: 'efi' });
    expect(await paidLogs(invoiceId)).toHaveLength(1);
    expect(await blocked(c)).toBe(false);
    expect(await dueDate(c)).toBe(nextMonth(due));
  });

  it('a genuine webhook for a charge still ATIVA pays nothing: the charge is always read back', async () => {
    const { c, invoiceId } = await expiredCompany();
    const { body } = await call(c.admin)('POST', `/invoices/${invoiceId}/charge`);
    const cob = efi.cobs().find((x) => x.txid === body.chargeId)!;
    cob.paid = { endToEndId: 'E09089356202611281200abcdef99999', horario: new Date().toISOString() };
    expect(cob.status).toBe('ATIVA');
    expect(await efi.deliver(cob.txid)).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe('overdue');
    expect(await blocked(c)).toBe(true);
    expect(await efi.pay(cob.txid)).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
    expect(await blocked(c)).toBe(false);
  });

  it('answers ERR_GATEWAY_REFUSED with a certificate EFI does not know, or wrong credentials', async () => {
    await settings({ efiCertificate: EFI_STRANGER_P12() });
    const { c, invoiceId } = await expiredCompany();
    expect(await call(c.admin)('POST', `/invoices/${invoiceId}/charge`)).toMatchObject({
      status: 502,
      body: { error: 'ERR_GATEWAY_REFUSED' },
    });
    await settings({ efiCertificate: EFI_OPERATOR_PEM(), efiClientSecret: 'Client_Secret_0000000000revoked' });
    expect(await call(c.admin)('POST', `/invoices/${invoiceId}/charge`)).toMatchObject({
      status: 502,
      body: { error: 'ERR_GATEWAY_REFUSED' },
    });
    expect((await invoiceRow(invoiceId)).gatewayChargeId).toBeNull();
    await settings({ efiClientSecret: efi.clientSecret });
    // With the PEM form of the operator's certificate it works.
    expect((await call(c.admin)('POST', `/invoices/${invoiceId}/charge`)).status).toBe(200);
  });
});
