/**
 * A local stand-in of Mercado Pago's payments API on loopback, for tests and as a sandbox
 * (bodies: fixtures.ts, each cited there):
 *  - `POST /v1/payments` (Bearer access token; `X-Idempotency-Key`: the same key answers the same
 *    payment), Pix only, with a static BR Code of the amount as its `qr_code` and its PNG;
 *  - `GET /v1/payments/{id}`;
 *  - `approve(id)` pays a payment as a bank app would and sends the signed webhook to the payment's
 *    `notification_url`, else to `webhookUrl` (Prosa's `/subscription/payment/webhook/mercadopago`);
 *    `deliver(id)` sends it again (Mercado Pago retries until it gets a 2xx);
 *  - `/sandbox/payments/{id}`: the payment's `ticket_url`, a page with its QR and an "approve" button.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStaticPix, hasError } from 'pix-utils';
import { mpError, paymentBody, signature, webhookBody, type StandInPayment } from './fixtures.js';
import { closeServer, readBody, send } from '../http.js';

export interface MercadoPagoRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  body: unknown;
}

export interface WebhookDelivery {
  paymentId: number;
  url: string;
  status: number | null;
}

export interface MercadoPagoStandIn {
  /** The API root to give Prosa (MERCADOPAGO_API_URL). */
  url: string;
  /** The one valid access token, and the webhook secret notifications are signed with. */
  accessToken: string;
  webhookSecret: string;
  /** Where notifications go when a payment has no `notification_url`. */
  webhookUrl: string | null;
  payments(): StandInPayment[];
  requests(): MercadoPagoRequest[];
  deliveries(): WebhookDelivery[];
  /** The payer paid: the payment turns approved and its webhook is sent (its HTTP status answered). */
  approve(id: number | string): Promise<number | null>;
  /** Sends the payment's webhook (again); `secret` signs it with another key (a forged one). */
  deliver(id: number | string, opts?: { secret?: string }): Promise<number | null>;
  /** The next `n` API calls answer `status` (500: Mercado Pago is down). */
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function startMercadoPagoStandIn(
  opts: { port?: number; accessToken?: string; webhookSecret?: string; webhookUrl?: string } = {},
): Promise<MercadoPagoStandIn> {
  const accessToken =
    opts.accessToken ?? `TEST-${randomBytes(8).toString('hex')}-112233-${randomBytes(16).toString('hex')}-445566`;
  const webhookSecret = opts.webhookSecret ?? randomBytes(32).toString('hex');
  const payments = new Map<number, StandInPayment>();
  const byKey = new Map<string, number>();
  const requests: MercadoPagoRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const failures: { remaining: number; status: number }[] = [];
  let nextId = 1_320_000_001;
  let notificationId = 120_000_001;
  let base = '';

  const find = (id: number | string) => payments.get(Number(id));

  async function create(body: Record<string, unknown>, key: string | null, res: ServerResponse) {
    const amount = body.transaction_amount;
    const payer = (body.payer ?? {}) as { email?: unknown };
    if (typeof amount !== 'number' || !(amount > 0))
      return send(
        res,
        400,
        mpError(400, 'bad_request', "transaction_amount attribute can't be null", [
          { code: 4019, description: "transaction_amount attribute can't be null" },
        ]),
      );
    if (body.payment_method_id !== 'pix')
      return send(
        res,
        400,
        mpError(400, 'bad_request', 'Invalid payment_method_id', [
          { code: 4037, description: 'Invalid payment_method_id' },
        ]),
      );
    if (typeof payer.email !== 'string' || !EMAIL.test(payer.email))
      return send(
        res,
        400,
        mpError(400, 'bad_request', 'payer.email must be a valid email', [
          { code: 4050, description: 'payer.email must be a valid email' },
        ]),
      );
    if (key && byKey.has(key)) return send(res, 201, paymentBody(payments.get(byKey.get(key)!)!, base));

    const id = nextId++;
    const pix = createStaticPix({
      merchantName: 'PROSA PLATAFORMA',
      merchantCity: 'SAO PAULO',
      pixKey: 'pix@mercadopago.stand-in.test',
      infoAdicional: `MP ${id}`,
      transactionAmount: amount,
      txid: `MP${id}`,
    });
    if (hasError(pix)) return send(res, 500, mpError(500, 'internal_error', 'internal error'));
    const png = await pix.toImage();
    const p: StandInPayment = {
      id,
      amount,
      description: typeof body.description === 'string' ? body.description : '',
      externalReference: typeof body.external_reference === 'string' ? body.external_reference : null,
      payerEmail: payer.email,
      notificationUrl: typeof body.notification_url === 'string' ? body.notification_url : null,
      metadata: (body.metadata ?? {}) as Record<string, unknown>,
      status: 'pending',
      createdAt: new Date(),
      approvedAt: null,
      expiresAt:
        typeof body.date_of_expiration === 'string'
          ? body.date_of_expiration
          : new Date(Date.now() + 21 * 3_600_000).toISOString().replace('Z', '-03:00'),
      qrCode: pix.toBRCode(),
      qrCodeBase64: png.replace(/^data:image\/png;base64,/, ''),
    };
    payments.set(id, p);
    if (key) byKey.set(key, id);
    return send(res, 201, paymentBody(p, base));
  }

  async function deliver(id: number | string, o: { secret?: string } = {}): Promise<number | null> {
    const p = find(id);
    if (!p) throw new Error(`no payment ${id}`);
    const target = p.notificationUrl ?? standIn.webhookUrl;
    if (!target) throw new Error('no webhook URL: set webhookUrl or send notification_url');
    const url = new URL(target);
    url.searchParams.set('data.id', String(p.id));
    url.searchParams.set('type', 'payment');
    const requestId = randomUUID();
    const ts = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    try {
      const r = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': signature(o.secret ?? webhookSecret, String(p.id), requestId, ts),
        },
        body: JSON.stringify(webhookBody(p.id, notificationId++)),
      });
      await r.arrayBuffer();
      status = r.status;
    } catch {
      status = null;
    }
    deliveries.push({ paymentId: p.id, url: url.toString(), status });
    return status;
  }

  function sandboxPage(p: StandInPayment): string {
    const done = p.status === 'approved';
    return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Mercado Pago stand-in: ${p.id}</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:2rem auto">
<h1>Pix ${p.id}</h1><p>R$ ${p.amount.toFixed(2)} — ${p.status}</p>
<img alt="QR" width="240" height="240" src="data:image/png;base64,${p.qrCodeBase64}">
<p><code style="word-break:break-all">${p.qrCode}</code></p>
${done ? '<p data-testid="approved">Pago.</p>' : `<form method="post" action="/sandbox/payments/${p.id}/approve"><button type="submit" data-testid="approve">Aprovar pagamento</button></form>`}
</body></html>`;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://stand-in');
      const raw = req.method === 'POST' ? await readBody(req) : '';
      let body: unknown = null;
      try {
        body = raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw;
      } catch {
        return send(res, 400, mpError(400, 'bad_request', 'invalid json'));
      }
      const idem = req.headers['x-idempotency-key'];
      requests.push({
        method: req.method ?? '',
        path: u.pathname,
        authorization: req.headers.authorization ?? null,
        idempotencyKey: typeof idem === 'string' ? idem : null,
        body,
      });

      const page = /^\/sandbox\/payments\/(\d+)(\/approve)?$/.exec(u.pathname);
      if (page) {
        const p = find(page[1]!);
        if (!p) return send(res, 404, mpError(404, 'not_found', 'Payment not found'));
        if (page[2] && req.method === 'POST') {
          await standIn.approve(p.id);
          res.writeHead(303, { location: `/sandbox/payments/${p.id}` });
          return void res.end();
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(sandboxPage(p));
      }

      const fail = failures.find((f) => f.remaining > 0);
      if (fail) {
        fail.remaining -= 1;
        return send(res, fail.status, mpError(fail.status, 'internal_error', 'internal_error'));
      }
      if (req.headers.authorization !== `Bearer ${accessToken}`)
        return send(
          res,
          401,
          mpError(401, 'unauthorized', 'invalid access token', [{ code: 2002, description: 'invalid access token' }]),
        );
      if (u.pathname === '/v1/payments' && req.method === 'POST')
        return create((body ?? {}) as Record<string, unknown>, typeof idem === 'string' ? idem : null, res);
      const one = /^\/v1\/payments\/(\d+)$/.exec(u.pathname);
      if (one && req.method === 'GET') {
        const p = find(one[1]!);
        if (!p)
          return send(
            res,
            404,
            mpError(404, 'not_found', 'Payment not found', [{ code: 2000, description: 'Payment not found' }]),
          );
        return send(res, 200, paymentBody(p, base));
      }
      return send(res, 404, mpError(404, 'not_found', 'resource not found'));
    })().catch(() => send(res, 500, mpError(500, 'internal_error', 'internal_error')));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: MercadoPagoStandIn = {
    url: base,
    accessToken,
    webhookSecret,
    webhookUrl: opts.webhookUrl ?? null,
    payments: () => [...payments.values()],
    requests: () => [...requests],
    deliveries: () => [...deliveries],
    async approve(id) {
      const p = find(id);
      if (!p) throw new Error(`no payment ${id}`);
      if (p.status === 'pending') {
        p.status = 'approved';
        p.approvedAt = new Date();
      }
      return deliver(p.id);
    },
    deliver,
    failNext: (n, status) => void failures.push({ remaining: n, status }),
    close: () => closeServer(server),
  };
  return standIn;
}
