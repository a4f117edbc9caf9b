// The adapters' webhook parsers on the stand-ins' bodies (taken from the providers' docs, cited
// in their fixtures.ts): what is verified, what is refused, what is ignored.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asaasGateway, asaasStatus } from './asaas.js';
import { efiGateway, efiStatus, efiTlsOptions, efiTxid } from './efi.js';
import { mercadoPagoGateway, mpStatus } from './mercadopago.js';
import { owenGateway, owenStatus } from './owen.js';
import { eventBody as asaasEvent, type StandInAsaasPayment } from './stand-ins/asaas/fixtures.js';
import { cobBody, webhookBody as efiWebhook, webhookTestBody, type StandInCob } from './stand-ins/efi/fixtures.js';
import { EFI_OPERATOR_P12, EFI_OPERATOR_PEM } from './stand-ins/efi/stand-in.js';
import { signature, webhookBody } from './stand-ins/mercadopago/fixtures.js';
import { qrStatusBody, webhookBody as owenWebhook, type StandInQr } from './stand-ins/owen/fixtures.js';
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

describe('Asaas webhooks', () => {
  const TOKEN = 'whtok_0123456789abcdef0123456789abcdef0123';
  const asaas = asaasGateway({ apiKey: '$aact_hmlg_test', webhookToken: TOKEN, apiUrl: 'http://127.0.0.1:9' });
  const payment: StandInAsaasPayment = {
    id: 'pay_080225913252',
    paymentLink: '725104409743',
    value: 99.9,
    status: 'RECEIVED',
    dateCreated: '2026-11-28',
    dueDate: '2026-11-28',
    paymentDate: '2026-11-28',
    externalReference: 'prosa-invoice-7',
  };
  const input = (event: string, token: string | null = TOKEN, p: StandInAsaasPayment = payment) => ({
    headers: token === null ? {} : { 'asaas-access-token': token },
    rawBody: Buffer.from(JSON.stringify(asaasEvent(event, p, 'http://stand-in'))),
    query: {},
  });
  it('takes the asaas-access-token header and names the payment link, reading back its payment', () => {
    expect(asaas.verifyWebhook(input('PAYMENT_RECEIVED'))).toEqual({
      ok: true,
      chargeId: '725104409743',
      readBack: 'pay_080225913252',
    });
    expect(asaas.verifyWebhook(input('PAYMENT_CONFIRMED'))).toMatchObject({ ok: true, chargeId: '725104409743' });
    expect(asaas.verifyWebhook(input('PAYMENT_RECEIVED', `${TOKEN}0`))).toMatchObject({ ok: false });
    expect(asaas.verifyWebhook(input('PAYMENT_RECEIVED', TOKEN.slice(1)))).toMatchObject({ ok: false });
    expect(asaas.verifyWebhook(input('PAYMENT_RECEIVED', null))).toMatchObject({
      ok: false,
      reason: 'no asaas-access-token header',
    });
  });
  it('drops events that name no payment of a link', () => {
    expect(asaas.verifyWebhook(input('TRANSFER_DONE'))).toEqual({ ok: true, chargeId: null });
    const direct = { ...payment, paymentLink: null as unknown as string };
    expect(asaas.verifyWebhook(input('PAYMENT_RECEIVED', TOKEN, direct))).toEqual({ ok: true, chargeId: null });
    expect(
      asaas.verifyWebhook({ headers: { 'asaas-access-token': TOKEN }, rawBody: Buffer.from('{'), query: {} }),
    ).toEqual({
      ok: true,
      chargeId: null,
    });
  });
  it('reads RECEIVED and CONFIRMED as paid, and nothing else', () => {
    expect(asaasStatus('RECEIVED')).toBe('paid');
    expect(asaasStatus('CONFIRMED')).toBe('paid');
    for (const s of ['PENDING', 'OVERDUE', 'AWAITING_RISK_ANALYSIS', undefined]) expect(asaasStatus(s)).toBe('pending');
    expect(asaasStatus('REFUNDED')).toBe('refunded');
  });
});

describe('EFI webhooks', () => {
  const SECRET = 'efi_0123456789abcdef0123';
  const efi = efiGateway({
    clientId: 'Client_Id_test',
    clientSecret: 'Client_Secret_test',
    certificate: EFI_OPERATOR_P12(),
    pixKey: 'cobrancas@prosa.example',
    webhookSecret: SECRET,
    apiUrl: 'https://127.0.0.1:9',
  });
  const cob: StandInCob = {
    txid: efiTxid('prosa-invoice-7-9990-first'),
    createdAt: new Date('2026-11-28T12:00:00Z'),
    expiracao: 3600,
    original: '99.90',
    chave: 'cobrancas@prosa.example',
    solicitacaoPagador: null,
    status: 'CONCLUIDA',
    locId: 789,
    locToken: '9d36b84fc70b478fb95c12729b90ca25',
    pixCopiaECola: '000201...',
    imagemQrcode: '',
    paid: { endToEndId: 'E09089356202611281200abcdef12345', horario: '2026-11-28T12:05:00.000Z' },
  };
  const input = (body: unknown, query: Record<string, unknown>) => ({
    headers: {},
    rawBody: Buffer.from(JSON.stringify(body)),
    query,
  });
  it('takes the secret in the URL (?hmac=) and names the txid', () => {
    expect(efi.verifyWebhook(input(efiWebhook(cob), { hmac: SECRET, ignorar: '' }))).toEqual({
      ok: true,
      chargeId: cob.txid,
    });
    // EFI appends /pix to the URL; `ignorar=` takes it.
    expect(efi.verifyWebhook(input(efiWebhook(cob), { hmac: SECRET, ignorar: '/pix' }))).toMatchObject({ ok: true });
    expect(efi.verifyWebhook(input(efiWebhook(cob), { hmac: `${SECRET}/pix` }))).toMatchObject({ ok: false });
    expect(efi.verifyWebhook(input(efiWebhook(cob), { hmac: `${SECRET}x` }))).toMatchObject({ ok: false });
    expect(efi.verifyWebhook(input(efiWebhook(cob), {}))).toMatchObject({ ok: false, reason: 'no hmac in the URL' });
  });
  it("answers EFI's registration test and Pix without a charge with nothing to do", () => {
    expect(efi.verifyWebhook(input(webhookTestBody(), { hmac: SECRET }))).toEqual({ ok: true, chargeId: null });
    expect(
      efi.verifyWebhook(
        input({ pix: [{ endToEndId: 'E1', chave: 'x', valor: '1.00', horario: '' }] }, { hmac: SECRET }),
      ),
    ).toEqual({ ok: true, chargeId: null });
    expect(efi.verifyWebhook(input({ pix: [{ txid: 'short' }] }, { hmac: SECRET }))).toEqual({
      ok: true,
      chargeId: null,
    });
  });
  it('reads CONCLUIDA as paid, an ATIVA charge past its time as expired', () => {
    const now = new Date('2026-11-28T12:30:00Z');
    expect(efiStatus(cobBody(cob), now)).toBe('paid');
    expect(efiStatus(cobBody({ ...cob, status: 'ATIVA', paid: null }), now)).toBe('pending');
    expect(efiStatus(cobBody({ ...cob, status: 'ATIVA', paid: null }), new Date('2026-11-28T13:00:01Z'))).toBe(
      'expired',
    );
    expect(efiStatus(cobBody({ ...cob, status: 'REMOVIDA_PELO_PSP', paid: null }), now)).toBe('cancelled');
  });
  it('makes txids EFI takes, and reads PEM or .p12 certificates', () => {
    expect(cob.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(efiTxid('a')).not.toBe(efiTxid('b'));
    expect(efiTlsOptions(EFI_OPERATOR_P12())).toMatchObject({ passphrase: '' });
    const pem = efiTlsOptions(EFI_OPERATOR_PEM());
    expect(pem.cert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(pem.key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });
});

describe('Owen webhooks', () => {
  const TOKEN = 'owen_0123456789abcdef0123456789abcdef';
  const owen = owenGateway({
    user: '12345678000195',
    password: 'owtk_test',
    secretKey: 'owsk_test',
    webhookToken: TOKEN,
    apiUrl: 'http://127.0.0.1:9',
  });
  const qr: StandInQr = {
    qrcodeId: '2d2bf7b7-24fc-4431-9cb8-460ea14ee9e9',
    valor: '99.90',
    minutos: 60,
    mensagem: 'Clínica #7',
    createdAt: new Date('2026-11-28T12:00:00Z'),
    qrcode: '00020101021226990014br.gov.bcb.pix...',
    qrcodeBase64: 'iVBOR',
    paid: { valor: 99.9, data: '2026-11-28T12:05:00.000Z', endToEndId: 'E04013172202611281205abcdef12345' },
  };
  const input = (body: unknown, query: Record<string, unknown>) => ({
    headers: {},
    rawBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    query,
  });
  it('takes the token in the URL (?token=) and names the qrcodeId, whatever the status says', () => {
    expect(owen.verifyWebhook(input(owenWebhook(qr), { token: TOKEN }))).toEqual({ ok: true, chargeId: qr.qrcodeId });
    // Read back even when the body says otherwise: the body decides nothing.
    expect(owen.verifyWebhook(input(owenWebhook(qr, 'PENDING'), { token: TOKEN }))).toEqual({
      ok: true,
      chargeId: qr.qrcodeId,
    });
    expect(owen.verifyWebhook(input(owenWebhook(qr), { token: `${TOKEN}x` }))).toMatchObject({ ok: false });
    expect(owen.verifyWebhook(input(owenWebhook(qr), { token: TOKEN.toUpperCase() }))).toMatchObject({ ok: false });
    expect(owen.verifyWebhook(input(owenWebhook(qr), { token: '' }))).toMatchObject({ ok: false });
    expect(owen.verifyWebhook(input(owenWebhook(qr), {}))).toMatchObject({ ok: false, reason: 'no token in the URL' });
    // The token does not travel in a header: Owen's webhook is unsigned, the URL is the operator's.
    expect(owen.verifyWebhook({ ...input(owenWebhook(qr), {}), headers: { token: TOKEN } })).toMatchObject({
      ok: false,
    });
  });
  it('drops bodies that name no QR', () => {
    expect(owen.verifyWebhook(input('{', { token: TOKEN }))).toEqual({ ok: true, chargeId: null });
    expect(owen.verifyWebhook(input({ data: { status: 'APPROVED' } }, { token: TOKEN }))).toEqual({
      ok: true,
      chargeId: null,
    });
    expect(owen.verifyWebhook(input({ data: { qrcodeId: '../qrstatus?x' } }, { token: TOKEN }))).toEqual({
      ok: true,
      chargeId: null,
    });
  });
  it("reads APPROVED for at least the invoice's value as paid, and nothing else", () => {
    expect(owenStatus(qrStatusBody(qr).data, 99.9)).toBe('paid');
    expect(owenStatus(qrStatusBody({ ...qr, paid: { ...qr.paid!, valor: 120 } }).data, 99.9)).toBe('paid');
    expect(owenStatus(qrStatusBody({ ...qr, paid: { ...qr.paid!, valor: 99.89 } }).data, 99.9)).toBe('pending');
    expect(owenStatus({ status: 'APPROVED', sender: { valor: '99.90' } }, 99.9)).toBe('paid');
    expect(owenStatus({ status: 'APPROVED' }, 99.9)).toBe('pending');
    expect(owenStatus({ status: 'APPROVED', sender: { valor: 'lots' } }, 99.9)).toBe('pending');
    const unpaid = { ...qr, paid: null };
    expect(owenStatus(qrStatusBody(unpaid, new Date('2026-11-28T12:30:00Z')).data, 99.9)).toBe('pending');
    expect(owenStatus(qrStatusBody(unpaid, new Date('2026-11-28T14:00:00Z')).data, 99.9)).toBe('pending');
    expect(owenStatus(undefined, 99.9)).toBe('pending');
  });
});
