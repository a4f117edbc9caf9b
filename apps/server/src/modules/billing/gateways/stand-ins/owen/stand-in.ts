/**
 * A local stand-in of Owen's API (api.apipix.me/v1) on loopback, for tests and as a sandbox
 * (bodies: fixtures.ts, each with its source there):
 *  - `GET /v1/qrdinamico?valor&minutos&mensagem&user&password&secretkey`: a dynamic Pix QR;
 *  - `GET /v1/qrstatus?qrcodeId&user&password&secretkey`: its status (APPROVED once paid);
 *  - wrong credentials answer 401, missing ones 404, bad parameters 400;
 *  - `pay(qrcodeId)` pays a QR as a payer's bank would (APPROVED, `sender.valor`) and posts the
 *    webhook to `webhookUrl` (Prosa's `/subscription/payment/webhook/owen?token=...`);
 *    `deliver(qrcodeId)` posts it again.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDynamicPix, hasError } from 'pix-utils';
import {
  BAD_REQUEST,
  INTERNAL,
  NO_AUTHORIZATION,
  owenError,
  qrDinamicoBody,
  qrStatusBody,
  UNAUTHORIZED,
  webhookBody,
  type StandInQr,
} from './fixtures.js';
import { closeServer, send } from '../http.js';

export interface OwenRequest {
  method: string;
  path: string;
  /** The query as received, credentials included (they travel in it). */
  query: Record<string, string>;
}

export interface OwenDelivery {
  qrcodeId: string;
  status: number | null;
}

export interface OwenStandIn {
  /** The API root to give Prosa (OWEN_API_URL), ending in /v1 like Owen's. */
  url: string;
  /** The one valid user (a CNPJ), password (token) and secret key. */
  user: string;
  password: string;
  secretKey: string;
  /** Prosa's webhook URL as registered at Owen, with the operator's `?token=`. */
  webhookUrl: string | null;
  /** false: `qrdinamico` answers without `qrcodeBase64` (the ticketz client reads none). */
  qrImage: boolean;
  qrs(): StandInQr[];
  requests(): OwenRequest[];
  deliveries(): OwenDelivery[];
  /**
   * The QR is paid (`valor`: what the payer sent, the QR's by default) and its webhook posted
   * (the HTTP status answered; null when `deliver: false` keeps it back).
   */
  pay(qrcodeId: string, opts?: { valor?: number; deliver?: boolean }): Promise<number | null>;
  /** Posts a QR's webhook (again); `token` replaces the URL's (null: none, a forged call). */
  deliver(qrcodeId: string, opts?: { token?: string | null; status?: string }): Promise<number | null>;
  /** The next `n` API calls answer `status` (500: Owen is down). */
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

export async function startOwenStandIn(
  opts: { port?: number; user?: string; password?: string; secretKey?: string; webhookUrl?: string } = {},
): Promise<OwenStandIn> {
  const user = opts.user ?? '12345678000195';
  const password = opts.password ?? `owtk_${randomBytes(18).toString('hex')}`;
  const secretKey = opts.secretKey ?? `owsk_${randomBytes(18).toString('hex')}`;
  const qrs = new Map<string, StandInQr>();
  const requests: OwenRequest[] = [];
  const deliveries: OwenDelivery[] = [];
  const failures: { remaining: number; status: number }[] = [];
  let base = '';

  async function createQr(q: URLSearchParams) {
    const valor = q.get('valor') ?? '';
    const minutos = q.get('minutos') ?? '';
    // [D] `valor: 1.23` and `minutos: 5`; [T] sends `price.toFixed(2)`.
    if (!/^\d{1,10}\.\d{2}$/.test(valor) || Number(valor) <= 0 || !/^\d{1,6}$/.test(minutos) || Number(minutos) < 1)
      return null;
    const qrcodeId = randomUUID();
    const pix = createDynamicPix({
      merchantName: 'OWEN BRASIL TECNOLOGIA',
      merchantCity: 'SAO PAULO',
      url: `${base.replace(/^http:\/\//, '')}/qr/${qrcodeId}`,
    });
    if (hasError(pix)) throw new Error('BR Code');
    const qr: StandInQr = {
      qrcodeId,
      valor,
      minutos: Number(minutos),
      mensagem: q.get('mensagem') ?? '',
      createdAt: new Date(),
      qrcode: pix.toBRCode(),
      qrcodeBase64: (await pix.toImage()).replace(/^data:image\/png;base64,/, ''),
      paid: null,
    };
    qrs.set(qrcodeId, qr);
    return qr;
  }

  async function deliver(qrcodeId: string, o: { token?: string | null; status?: string } = {}) {
    const qr = qrs.get(qrcodeId);
    if (!qr) throw new Error(`no QR ${qrcodeId}`);
    if (!standIn.webhookUrl) throw new Error('no webhook URL');
    const url = new URL(standIn.webhookUrl);
    if (o.token === null) url.searchParams.delete('token');
    else if (o.token !== undefined) url.searchParams.set('token', o.token);
    let status: number | null = null;
    try {
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(webhookBody(qr, o.status)),
      });
      await r.arrayBuffer();
      status = r.status;
    } catch {
      status = null;
    }
    deliveries.push({ qrcodeId, status });
    return status;
  }

  async function pay(qrcodeId: string, o: { valor?: number; deliver?: boolean } = {}) {
    const qr = qrs.get(qrcodeId);
    if (!qr) throw new Error(`no QR ${qrcodeId}`);
    const now = new Date();
    qr.paid = {
      valor: o.valor ?? Number(qr.valor),
      data: now.toISOString(),
      endToEndId: `E04013172${now.toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(5).toString('hex')}`,
    };
    return o.deliver === false ? null : deliver(qrcodeId);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://stand-in');
      requests.push({ method: req.method ?? '', path: u.pathname, query: Object.fromEntries(u.searchParams) });
      const fail = failures.find((f) => f.remaining > 0);
      if (fail) {
        fail.remaining -= 1;
        return send(res, fail.status, INTERNAL);
      }
      const q = u.searchParams;
      if (req.method !== 'GET' || (u.pathname !== '/v1/qrdinamico' && u.pathname !== '/v1/qrstatus'))
        return send(res, 404, owenError('Not Found', 'Route not found'));
      if (!q.get('user') || !q.get('password') || !q.get('secretkey')) return send(res, 404, NO_AUTHORIZATION);
      if (q.get('user') !== user || q.get('password') !== password || q.get('secretkey') !== secretKey)
        return send(res, 401, UNAUTHORIZED);
      if (u.pathname === '/v1/qrdinamico') {
        const qr = await createQr(q);
        if (!qr) return send(res, 400, BAD_REQUEST);
        const answer = qrDinamicoBody(qr);
        return send(res, 200, standIn.qrImage ? answer : { data: { ...answer.data, qrcodeBase64: undefined } });
      }
      // An unknown qrcodeId: neither source says; 400 is the stand-in's choice.
      const qr = qrs.get(q.get('qrcodeId') ?? '');
      return qr ? send(res, 200, qrStatusBody(qr)) : send(res, 400, BAD_REQUEST);
    })().catch(() => send(res, 500, INTERNAL));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: OwenStandIn = {
    url: `${base}/v1`,
    user,
    password,
    secretKey,
    webhookUrl: opts.webhookUrl ?? null,
    qrImage: true,
    qrs: () => [...qrs.values()],
    requests: () => [...requests],
    deliveries: () => [...deliveries],
    pay,
    deliver,
    failNext: (n, status) => void failures.push({ remaining: n, status }),
    close: () => closeServer(server),
  };
  return standIn;
}
