/**
 * A local stand-in of Asaas's API on loopback, for tests and as a sandbox (bodies: fixtures.ts,
 * each cited there):
 *  - `POST /v3/paymentLinks` (header `access_token`): a Pix payment link of the invoice's value;
 *  - `GET /v3/payments/{id}`: a payment made through a link;
 *  - `pay(linkId)` pays a link as a payer on Asaas's page would (a RECEIVED Pix payment) and sends
 *    the PAYMENT_RECEIVED event with the `asaas-access-token` header to `webhookUrl` (Prosa's
 *    `/subscription/payment/webhook/asaas`); `deliver(paymentId)` sends it again (Asaas retries
 *    until it gets a 2xx);
 *  - `/c/{id}`: the link's page with a "Pagar com Pix" button that pays and goes to its
 *    `callback.successUrl`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  asaasDate,
  asaasError,
  eventBody,
  paymentBody,
  paymentLinkBody,
  type StandInAsaasPayment,
  type StandInLink,
} from './fixtures.js';
import { closeServer, readBody, send } from '../http.js';

export interface AsaasRequest {
  method: string;
  path: string;
  accessToken: string | null;
  body: unknown;
}

export interface AsaasDelivery {
  paymentId: string;
  event: string;
  status: number | null;
}

export interface AsaasStandIn {
  /** The API root to give Prosa (ASAAS_API_URL); paths start with /v3. */
  url: string;
  /** The one valid API key, and the auth token the webhook is configured with. */
  apiKey: string;
  webhookToken: string;
  webhookUrl: string | null;
  links(): StandInLink[];
  payments(): StandInAsaasPayment[];
  requests(): AsaasRequest[];
  deliveries(): AsaasDelivery[];
  /**
   * A payer pays the link by Pix: a RECEIVED payment, and its event sent (the HTTP status
   * answered; null when `deliver: false` keeps it back).
   */
  pay(linkId: string, opts?: { deliver?: boolean }): Promise<{ payment: StandInAsaasPayment; status: number | null }>;
  /** Sends a payment's event (again); `token` sends another auth token (a forged call). */
  deliver(paymentId: string, opts?: { token?: string | null; event?: string }): Promise<number | null>;
  /** The next `n` API calls answer `status` (500: Asaas is down). */
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

export async function startAsaasStandIn(
  opts: { port?: number; apiKey?: string; webhookToken?: string; webhookUrl?: string } = {},
): Promise<AsaasStandIn> {
  // The shape of the sandbox keys (https://docs.asaas.com/docs/authentication-2).
  const apiKey = opts.apiKey ?? `$aact_hmlg_${randomBytes(24).toString('base64url')}`;
  const webhookToken = opts.webhookToken ?? `whtok_${randomBytes(24).toString('hex')}`;
  const links = new Map<string, StandInLink>();
  const payments = new Map<string, StandInAsaasPayment>();
  const requests: AsaasRequest[] = [];
  const deliveries: AsaasDelivery[] = [];
  const failures: { remaining: number; status: number }[] = [];
  let nextLink = 725_104_409_743;
  let nextPayment = 80_225_913_252;
  let base = '';

  function create(body: Record<string, unknown>, res: ServerResponse) {
    const value = body.value;
    if (typeof body.name !== 'string' || !body.name.trim())
      return send(res, 400, asaasError('invalid_name', 'O nome do link de pagamentos deve ser informado.'));
    if (typeof value !== 'number' || !(value > 0))
      return send(res, 400, asaasError('invalid_value', 'O valor do link de pagamentos deve ser informado.'));
    if (body.billingType !== 'PIX' || body.chargeType !== 'DETACHED')
      return send(res, 400, asaasError('invalid_billingType', 'Forma de pagamento inválida.'));
    const callback = (body.callback ?? {}) as { successUrl?: unknown };
    const link: StandInLink = {
      id: String(nextLink++),
      name: body.name,
      description: typeof body.description === 'string' ? body.description : '',
      value,
      endDate: typeof body.endDate === 'string' ? body.endDate : null,
      dueDateLimitDays: typeof body.dueDateLimitDays === 'number' ? body.dueDateLimitDays : 1,
      externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
      successUrl: typeof callback.successUrl === 'string' ? callback.successUrl : null,
      active: true,
    };
    links.set(link.id, link);
    return send(res, 200, paymentLinkBody(link, base));
  }

  async function deliver(paymentId: string, o: { token?: string | null; event?: string } = {}) {
    const p = payments.get(paymentId);
    if (!p) throw new Error(`no payment ${paymentId}`);
    if (!standIn.webhookUrl) throw new Error('no webhook URL');
    const event = o.event ?? (p.status === 'RECEIVED' ? 'PAYMENT_RECEIVED' : 'PAYMENT_CREATED');
    const token = o.token === undefined ? webhookToken : o.token;
    let status: number | null = null;
    try {
      const r = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'asaas-access-token': token }) },
        body: JSON.stringify(eventBody(event, p, base)),
      });
      await r.arrayBuffer();
      status = r.status;
    } catch {
      status = null;
    }
    deliveries.push({ paymentId, event, status });
    return status;
  }

  async function pay(linkId: string, o: { deliver?: boolean } = {}) {
    const link = links.get(linkId);
    if (!link) throw new Error(`no payment link ${linkId}`);
    const now = new Date();
    const payment: StandInAsaasPayment = {
      id: `pay_${nextPayment++}`,
      paymentLink: link.id,
      value: link.value,
      status: 'RECEIVED',
      dateCreated: asaasDate(now),
      dueDate: asaasDate(now),
      paymentDate: asaasDate(now),
      externalReference: link.externalReference,
    };
    payments.set(payment.id, payment);
    return { payment, status: o.deliver === false ? null : await deliver(payment.id) };
  }

  const page = (
    l: StandInLink,
  ) => `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Asaas stand-in: ${l.id}</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:2rem auto">
<h1>${l.name.replace(/</g, '&lt;')}</h1><p>R$ ${l.value.toFixed(2)}</p>
<form method="post" action="/c/${l.id}/pay"><button type="submit" data-testid="pay">Pagar com Pix</button></form>
</body></html>`;

  const server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://stand-in');
      const raw = req.method === 'POST' ? await readBody(req) : '';
      let body: unknown = null;
      try {
        body = raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw;
      } catch {
        return send(res, 400, asaasError('invalid_object', 'JSON inválido'));
      }
      const token = req.headers.access_token;
      requests.push({
        method: req.method ?? '',
        path: u.pathname,
        accessToken: typeof token === 'string' ? token : null,
        body,
      });

      const checkout = /^\/c\/(\d+)(\/pay)?$/.exec(u.pathname);
      if (checkout) {
        const link = links.get(checkout[1]!);
        if (!link) return send(res, 404, asaasError('not_found', 'Link de pagamento não encontrado.'));
        if (checkout[2] && req.method === 'POST') {
          await pay(link.id);
          res.writeHead(303, { location: link.successUrl ?? `/c/${link.id}` });
          return void res.end();
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(page(link));
      }

      const fail = failures.find((f) => f.remaining > 0);
      if (fail) {
        fail.remaining -= 1;
        return send(res, fail.status, asaasError('internal_error', 'Erro interno'));
      }
      // An API call without a valid key: 401 with an empty body, as the authentication page says.
      if (token !== apiKey) {
        res.writeHead(401);
        return void res.end();
      }
      if (u.pathname === '/v3/paymentLinks' && req.method === 'POST')
        return create((body ?? {}) as Record<string, unknown>, res);
      const one = /^\/v3\/payments\/(pay_\w+)$/.exec(u.pathname);
      if (one && req.method === 'GET') {
        const p = payments.get(one[1]!);
        if (!p) return send(res, 404, asaasError('not_found', 'Cobrança não encontrada.'));
        return send(res, 200, paymentBody(p, base));
      }
      return send(res, 404, asaasError('not_found', 'Recurso não encontrado.'));
    })().catch(() => send(res, 500, asaasError('internal_error', 'Erro interno')));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: AsaasStandIn = {
    url: base,
    apiKey,
    webhookToken,
    webhookUrl: opts.webhookUrl ?? null,
    links: () => [...links.values()],
    payments: () => [...payments.values()],
    requests: () => [...requests],
    deliveries: () => [...deliveries],
    pay,
    deliver,
    failNext: (n, status) => void failures.push({ remaining: n, status }),
    close: () => closeServer(server),
  };
  return standIn;
}
