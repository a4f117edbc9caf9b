import { uiCatalogues } from '@prosa/contracts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CNPJ_WITHOUT_SLIPS, CPF_UNKNOWN } from '../stand-ins/asaas/data.js';
import { startAsaasStandIn, type AsaasStandIn } from '../stand-ins/asaas/stand-in.js';
import type { IntegrationConfig, TurnResult } from './driver.js';
import { testConfig, testContext } from './driver-test-support.js';
import { documentCandidates, paymentSlipDriver, validDocument } from './payment-slip.js';

const pt = uiCatalogues.pt.paymentSlip;
let asaas: AsaasStandIn;
let cfg: IntegrationConfig;
let contract: IntegrationConfig;
let seen = 0;

beforeAll(async () => {
  asaas = await startAsaasStandIn({ today: new Date('2026-11-27T12:00:00Z') });
});
afterAll(() => asaas.close());
beforeEach(() => {
  cfg = testConfig('payment-slip', { url: asaas.url, apiKey: asaas.apiKey, model: 'asaas', delayMs: 1000 });
  contract = testConfig('payment-slip', { url: asaas.contractUrl, apiKey: asaas.apiKey, model: 'contract' });
  seen = asaas.requests().length;
});
const calls = () => asaas.requests().slice(seen);
const next = (prev: TurnResult, body: string) => testContext(body, { state: prev.state ?? null, first: false });

const base = () => asaas.url.replace(/\/v3$/, '');
const bothSlips = () => [
  { kind: 'text', body: 'Encontramos 2 boleto(s) em aberto:' },
  {
    kind: 'text',
    body: 'Vencimento: 22/11/2026 (vencido)\nValor: R$\u00a089,50\nLinha digitável: 00190000090275928800021932978170187290000008950',
  },
  {
    kind: 'media',
    mediaUrl: `${base()}/b/pdf/080225913253`,
    caption: pt.pdfCaption,
    name: 'pay_080225913253.pdf',
    type: 'document',
  },
  {
    kind: 'text',
    body: 'Vencimento: 07/12/2026\nValor: R$\u00a0129,90\nLinha digitável: 00190000090275928800021932978170187890000012990',
  },
  {
    kind: 'media',
    mediaUrl: `${base()}/b/pdf/080225913252`,
    caption: pt.pdfCaption,
    name: 'pay_080225913252.pdf',
    type: 'document',
  },
];

describe('CPF/CNPJ in a message', () => {
  it('finds masked and bare documents and checks their digits', () => {
    expect(documentCandidates('meu cpf é 529.982.247-25, obrigado')).toEqual(['52998224725']);
    expect(validDocument('CNPJ 11.222.333/0001-81')).toBe('11222333000181');
    expect(validDocument('52998224725')).toBe('52998224725');
    expect(validDocument('123.456.789-00')).toBeNull();
    expect(validDocument('pedido 12345')).toBeNull();
  });
});

describe('payment-slip driver, Asaas', () => {
  it('answers both open slips (overdue and pending) with digitable lines and PDFs when the first message holds the CPF', async () => {
    const out = await paymentSlipDriver.turn(cfg, testContext('Segunda via por favor, CPF 529.982.247-25'));
    expect(out.replies).toEqual(bothSlips());
    expect(out).toMatchObject({ finish: true, state: null, delaySeconds: 1 });
    expect(out.handover).toBeUndefined();
    // Asaas as documented: customer by cpfCnpj, its PENDING and OVERDUE payments, the digitable line of each slip.
    const asCalled = (c: { path: string; query: Record<string, string> }) =>
      Object.keys(c.query).length ? `${c.path}?${new URLSearchParams(c.query).toString()}` : c.path;
    expect(calls().map(asCalled)).toEqual([
      '/v3/customers?cpfCnpj=52998224725',
      '/v3/payments?customer=cus_000005113026&status=PENDING&limit=100',
      '/v3/payments?customer=cus_000005113026&status=OVERDUE&limit=100',
      '/v3/payments/pay_080225913253/identificationField',
      '/v3/payments/pay_080225913252/identificationField',
    ]);
    expect(calls().every((c) => c.accessToken === asaas.apiKey)).toBe(true);
  });

  it('asks for the document first, politely, then answers', async () => {
    const first = await paymentSlipDriver.turn(cfg, testContext('Oi, preciso do boleto'));
    expect(first.replies).toEqual([{ kind: 'text', body: pt.askDocument }]);
    expect(first.state).toEqual({ tries: 0 });
    expect(calls()).toEqual([]);
    const second = await paymentSlipDriver.turn(cfg, next(first, '52998224725'));
    expect(second.replies).toEqual(bothSlips());
  });

  it('answers politely when the document has no open slip or Asaas has no such customer', async () => {
    const none = await paymentSlipDriver.turn(cfg, testContext(`CNPJ ${CNPJ_WITHOUT_SLIPS}`));
    expect(none).toEqual({ replies: [{ kind: 'text', body: pt.notFound }], state: null, finish: true });
    const unknown = await paymentSlipDriver.turn(cfg, testContext(CPF_UNKNOWN));
    expect(unknown.replies).toEqual([{ kind: 'text', body: pt.notFound }]);
  });

  it('asks again for an invalid CPF and hands over after 3 tries', async () => {
    const first = await paymentSlipDriver.turn(cfg, testContext('Oi'));
    const one = await paymentSlipDriver.turn(cfg, next(first, '123.456.789-00'));
    expect(one).toEqual({ replies: [{ kind: 'text', body: pt.invalidDocument }], state: { tries: 1 } });
    const two = await paymentSlipDriver.turn(cfg, next(one, 'não sei'));
    expect(two).toEqual({ replies: [{ kind: 'text', body: pt.invalidDocument }], state: { tries: 2 } });
    const three = await paymentSlipDriver.turn(cfg, next(two, '111.111.111-11'));
    expect(three).toEqual({
      replies: [{ kind: 'text', body: pt.tooManyTries }],
      state: null,
      handover: { queueId: 7, reason: 'requested' },
    });
    expect(calls()).toEqual([]);
  });

  it('answers politely and hands over when the billing system is down, refuses the key or cannot be reached', async () => {
    const down = {
      replies: [{ kind: 'text', body: pt.unavailable }],
      state: null,
      handover: { queueId: 7, reason: 'provider-error' },
    };
    asaas.failNext(1, 503);
    expect(await paymentSlipDriver.turn(cfg, testContext('52998224725'))).toEqual(down);
    // Down half-way (the payments list, then a digitable line): the same polite answer, nothing half sent.
    asaas.failNext(1, 500, '/v3/payments');
    seen = asaas.requests().length;
    expect(await paymentSlipDriver.turn(cfg, testContext('52998224725'))).toEqual(down);
    expect(calls().map((c) => c.path)).toEqual(['/v3/customers', '/v3/payments']);
    asaas.failNext(1, 502, '/v3/payments/pay_080225913252/identificationField');
    expect(await paymentSlipDriver.turn(cfg, testContext('52998224725'))).toEqual(down);
    expect(await paymentSlipDriver.turn({ ...cfg, apiKey: 'wrong' }, testContext('52998224725'))).toEqual(down);
    expect(await paymentSlipDriver.turn({ ...cfg, url: 'http://127.0.0.1:9/v3' }, testContext('52998224725'))).toEqual(
      down,
    );
    expect(await paymentSlipDriver.turn(cfg, testContext('52998224725', { allowPrivate: false }))).toEqual(down);
  });

  it('speaks the ticket language', async () => {
    const en = await paymentSlipDriver.turn(cfg, testContext('hello', { language: 'en' }));
    expect(en.replies).toEqual([{ kind: 'text', body: uiCatalogues.en.paymentSlip.askDocument }]);
    const es = await paymentSlipDriver.turn(cfg, testContext('52998224725', { language: 'es' }));
    expect(es.replies[0]).toEqual({ kind: 'text', body: 'Encontramos 2 boleto(s) pendiente(s):' });
    expect(es.replies[1]).toMatchObject({ body: expect.stringContaining('Vencimiento: 22/11/26 (vencido)') });
  });

  it('test() lists customers with the key and reports a refused key', async () => {
    const ok = await paymentSlipDriver.test(cfg, new AbortController().signal, { allowPrivate: true });
    expect(ok).toMatchObject({ ok: true, status: 200 });
    expect(ok.detail).toContain('"object":"list"');
    const refused = await paymentSlipDriver.test({ ...cfg, apiKey: 'wrong' }, new AbortController().signal, {
      allowPrivate: true,
    });
    expect(refused).toMatchObject({ ok: false, status: 401 });
    expect(refused.detail).toContain('invalid_access_token');
  });
});

describe('payment-slip driver, Prosa slip contract', () => {
  it('answers the slips the contract lists, with the Bearer key', async () => {
    const out = await paymentSlipDriver.turn(contract, testContext('529.982.247-25'));
    expect(out.replies).toEqual(bothSlips());
    expect(calls()).toEqual([
      expect.objectContaining({
        path: '/contract/slips',
        query: { document: '52998224725' },
        authorization: `Bearer ${asaas.apiKey}`,
      }),
    ]);
  });

  it('answers politely when the contract has none, and when it refuses the key', async () => {
    const none = await paymentSlipDriver.turn(contract, testContext(CNPJ_WITHOUT_SLIPS));
    expect(none).toEqual({ replies: [{ kind: 'text', body: pt.notFound }], state: null, finish: true });
    const refused = await paymentSlipDriver.turn({ ...contract, apiKey: 'wrong' }, testContext(CNPJ_WITHOUT_SLIPS));
    expect(refused.handover).toEqual({ queueId: 7, reason: 'provider-error' });
    expect(refused.replies).toEqual([{ kind: 'text', body: pt.unavailable }]);
  });

  it('answers politely when the billing system answers another shape (a slip without its line, a non-web PDF link)', async () => {
    const server = http.createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({
            slips: [{ id: 'x', dueDate: '2026-12-01', value: 10, digitableLine: '', pdfUrl: 'javascript:alert(1)' }],
          }),
        ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const out = await paymentSlipDriver.turn({ ...contract, url }, testContext('52998224725'));
      expect(out).toMatchObject({
        replies: [{ kind: 'text', body: pt.unavailable }],
        handover: { reason: 'provider-error' },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('test() calls the contract', async () => {
    const ok = await paymentSlipDriver.test(contract, new AbortController().signal, { allowPrivate: true });
    expect(ok).toMatchObject({ ok: true, status: 200 });
    const refused = await paymentSlipDriver.test({ ...contract, apiKey: 'wrong' }, new AbortController().signal, {
      allowPrivate: true,
    });
    expect(refused).toMatchObject({ ok: false, status: 401 });
  });
});
