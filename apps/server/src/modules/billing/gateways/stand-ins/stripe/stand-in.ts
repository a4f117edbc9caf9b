/**
 * A local stand-in of Stripe's Checkout API on loopback, for tests and as a sandbox (bodies:
 * fixtures.ts, each cited there):
 *  - `POST /v1/checkout/sessions` (form-encoded as the SDK sends it; Bearer secret key;
 *    `Idempotency-Key`: the same key answers the same session), mode `payment`, one line item;
 *  - `GET /v1/checkout/sessions/{id}`;
 *  - the session's `url` is a page here (`/c/pay/{id}`) whose "Pay" button completes it, sends
 *    the signed `checkout.session.completed` to `webhookUrl` and goes back to `success_url`;
 *  - `complete(id)` does the same from a test; `deliver(id)` sends the event again.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventBody, sessionBody, stripeError, stripeSignature, type StandInSession } from './fixtures.js';
import { closeServer, readBody, send as sendJson } from '../http.js';

export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  form: Record<string, string>;
}

export interface StripeStandIn {
  /** The API root to give Prosa (STRIPE_API_URL). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Prosa's `/subscription/payment/webhook/stripe`, where events are sent. */
  webhookUrl: string | null;
  sessions(): StandInSession[];
  requests(): StripeRequest[];
  /** The customer paid on the checkout page: the session completes and its event is sent. */
  complete(id: string): Promise<number | null>;
  /** Sends the session's `checkout.session.completed` (again); `secret` signs it with another key. */
  deliver(id: string, opts?: { secret?: string }): Promise<number | null>;
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';

/** Every answer carries a request id, as Stripe's do. */
const send = (res: ServerResponse, status: number, body: unknown) =>
  sendJson(res, status, body, { 'request-id': `req_${randomBytes(7).toString('hex')}` });

export async function startStripeStandIn(
  opts: { port?: number; secretKey?: string; webhookSecret?: string; webhookUrl?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = opts.secretKey ?? `sk_test_${randomBytes(24).toString('hex')}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const sessions = new Map<string, StandInSession>();
  const byKey = new Map<string, string>();
  const requests: StripeRequest[] = [];
  const failures: { remaining: number; status: number }[] = [];
  let base = '';

  function create(form: Record<string, string>, key: string | null, res: ServerResponse) {
    if (key && byKey.has(key)) return send(res, 200, sessionBody(sessions.get(byKey.get(key)!)!, base));
    if (form.mode !== 'payment')
      return send(
        res,
        400,
        stripeError('Invalid mode: must be payment here.', { param: 'mode', code: 'parameter_invalid_empty' }),
      );
    if (!form.success_url)
      return send(
        res,
        400,
        stripeError('Missing required param: success_url.', { param: 'success_url', code: 'parameter_missing' }),
      );
    const amount = Number(form['line_items[0][price_data][unit_amount]']);
    const currency = form['line_items[0][price_data][currency]'];
    if (!Number.isInteger(amount) || amount < 50 || !currency)
      return send(
        res,
        400,
        stripeError("The Checkout Session's total amount due must add up to at least R$0.50 brl", {
          param: 'line_items[0][price_data][unit_amount]',
          code: 'amount_too_small',
        }),
      );
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]!] = v;
    }
    const created = Math.floor(Date.now() / 1000);
    const s: StandInSession = {
      id: `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'a')}`,
      amount,
      currency,
      productName: form['line_items[0][price_data][product_data][name]'] ?? '',
      clientReferenceId: form.client_reference_id ?? null,
      customerEmail: form.customer_email ?? null,
      metadata,
      successUrl: form.success_url,
      cancelUrl: form.cancel_url ?? null,
      created,
      expiresAt: form.expires_at ? Number(form.expires_at) : created + 86_400,
      status: 'open',
      paymentIntent: null,
    };
    sessions.set(s.id, s);
    if (key) byKey.set(key, s.id);
    return send(res, 200, sessionBody(s, base));
  }

  async function deliver(id: string, o: { secret?: string } = {}): Promise<number | null> {
    const s = sessions.get(id);
    if (!s) throw new Error(`no session ${id}`);
    if (!standIn.webhookUrl) throw new Error('no webhook URL');
    const payload = JSON.stringify(
      eventBody(
        `evt_${randomBytes(12).toString('hex')}`,
        'checkout.session.completed',
        sessionBody(s, base),
        API_VERSION,
      ),
    );
    try {
      const r = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignature(o.secret ?? webhookSecret, payload, Math.floor(Date.now() / 1000)),
        },
        body: payload,
      });
      await r.arrayBuffer();
      return r.status;
    } catch {
      return null;
    }
  }

  async function complete(id: string): Promise<number | null> {
    const s = sessions.get(id);
    if (!s) throw new Error(`no session ${id}`);
    if (s.status === 'open') {
      s.status = 'complete';
      s.paymentIntent = `pi_${randomBytes(12).toString('hex')}`;
    }
    return deliver(id);
  }

  const page = (
    s: StandInSession,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in checkout</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:2rem auto">
<h1>${s.productName.replace(/[<>&"]/g, '')}</h1><p>${(s.amount / 100).toFixed(2)} ${s.currency.toUpperCase()} — ${s.status}</p>
${s.status === 'open' ? `<form method="post" action="/c/pay/${s.id}"><button type="submit" data-testid="stripe-pay">Pay</button></form>` : '<p>Paid.</p>'}
</body></html>`;

  const server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://stand-in');
      const raw = req.method === 'POST' ? await readBody(req) : '';
      const form = Object.fromEntries(new URLSearchParams(raw));
      const idem = req.headers['idempotency-key'];
      requests.push({
        method: req.method ?? '',
        path: u.pathname,
        authorization: req.headers.authorization ?? null,
        idempotencyKey: typeof idem === 'string' ? idem : null,
        form,
      });
      const checkout = /^\/c\/pay\/([\w]+)$/.exec(u.pathname);
      if (checkout) {
        const s = sessions.get(checkout[1]!);
        if (!s) return send(res, 404, stripeError('No such checkout session', { code: 'resource_missing' }));
        if (req.method === 'POST') {
          await complete(s.id);
          res.writeHead(303, { location: s.successUrl });
          return void res.end();
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(page(s));
      }
      const fail = failures.find((f) => f.remaining > 0);
      if (fail) {
        fail.remaining -= 1;
        return send(res, fail.status, stripeError('An unknown error occurred', { type: 'api_error' }));
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        const given = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        return send(res, 401, stripeError(`Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`));
      }
      if (u.pathname === '/v1/checkout/sessions' && req.method === 'POST')
        return create(form, typeof idem === 'string' ? idem : null, res);
      const one = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(u.pathname);
      if (one && req.method === 'GET') {
        const s = sessions.get(one[1]!);
        if (!s)
          return send(
            res,
            404,
            stripeError(`No such checkout.session: '${one[1]}'`, { code: 'resource_missing', param: 'session' }),
          );
        if (s.status === 'open' && s.expiresAt * 1000 < Date.now()) s.status = 'expired';
        return send(res, 200, sessionBody(s, base));
      }
      return send(res, 404, stripeError(`Unrecognized request URL (${req.method}: ${u.pathname}).`));
    })().catch(() => send(res, 500, stripeError('An unknown error occurred', { type: 'api_error' })));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    url: base,
    secretKey,
    webhookSecret,
    webhookUrl: opts.webhookUrl ?? null,
    sessions: () => [...sessions.values()],
    requests: () => [...requests],
    complete,
    deliver,
    failNext: (n, status) => void failures.push({ remaining: n, status }),
    close: () => closeServer(server),
  };
  return standIn;
}
