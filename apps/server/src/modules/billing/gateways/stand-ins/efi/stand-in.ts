/**
 * A local stand-in of EFI's Pix API on loopback, for tests and as a sandbox (bodies: fixtures.ts,
 * each cited there). Like EFI it speaks HTTPS with mutual TLS: its server certificate is signed by
 * a CA of its own (certs/ca.pem, for tests only) and it refuses the handshake of a client without
 * a certificate from that CA (certs/client.p12 is the operator's, certs/stranger.p12 another one).
 *  - `POST /oauth/token` (Basic client_id:client_secret) -> a Bearer token;
 *  - `PUT /v2/cob/:txid`, `GET /v2/cob/:txid`: immediate charges; the same txid twice answers
 *    `txid_duplicado`, as EFI does;
 *  - `GET /v2/loc/:id/qrcode`: the charge's QR (a dynamic BR Code naming the location, its PNG);
 *  - `pay(txid)` settles a charge as a payer's bank would and posts the Pix webhook to
 *    `webhookUrl` + `/pix`, as EFI does (the URL registered at EFI: Prosa's
 *    `/subscription/payment/webhook/efi?hmac=...&ignorar=`, whose `ignorar` takes the `/pix`);
 *    `deliver(txid)` posts it again.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { createDynamicPix, hasError } from 'pix-utils';
import {
  cobBody,
  efiError,
  location,
  qrcodeBody,
  tokenBody,
  TXID,
  webhookBody,
  webhookTestBody,
  type StandInCob,
} from './fixtures.js';
import { closeServer, readBody, send } from '../http.js';

const cert = (name: string) => readFileSync(new URL(`./certs/${name}`, import.meta.url));
/** The stand-in's CA (trust it to reach the stand-in), and two client certificates in .p12. */
export const EFI_STAND_IN_CA = () => cert('ca.pem').toString('utf8');
export const EFI_OPERATOR_P12 = () => cert('client.p12').toString('base64');
export const EFI_STRANGER_P12 = () => cert('stranger.p12').toString('base64');
/** The operator's certificate as PEM text (certificate and key), as the settings screen also takes it. */
export const EFI_OPERATOR_PEM = () => `${cert('client.pem').toString('utf8')}${cert('client.key').toString('utf8')}`;

export interface EfiRequest {
  method: string;
  path: string;
  authorization: string | null;
  clientCertificate: string | null;
  body: unknown;
}

export interface EfiDelivery {
  txid: string;
  status: number | null;
}

export interface EfiStandIn {
  /** The API root to give Prosa (EFI_API_URL), https. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The URL registered as the Pix key's webhook (Prosa's, with its `hmac` and `ignorar`). */
  webhookUrl: string | null;
  cobs(): StandInCob[];
  requests(): EfiRequest[];
  deliveries(): EfiDelivery[];
  /** The payer paid: the charge turns CONCLUIDA and the webhook is posted (its HTTP status answered). */
  pay(txid: string): Promise<number | null>;
  /** Posts a charge's webhook (again); `hmac` replaces the URL's secret (a forged call). */
  deliver(txid: string, opts?: { hmac?: string | null }): Promise<number | null>;
  /** Posts EFI's registration test call. */
  deliverTest(): Promise<number | null>;
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

export async function startEfiStandIn(
  opts: { port?: number; clientId?: string; clientSecret?: string; webhookUrl?: string } = {},
): Promise<EfiStandIn> {
  // The shape of EFI's credentials (https://dev.efipay.com.br/docs/api-pix/credenciais).
  const clientId = opts.clientId ?? `Client_Id_${randomBytes(20).toString('hex')}`;
  const clientSecret = opts.clientSecret ?? `Client_Secret_${randomBytes(20).toString('hex')}`;
  const tokens = new Set<string>();
  const cobs = new Map<string, StandInCob>();
  const requests: EfiRequest[] = [];
  const deliveries: EfiDelivery[] = [];
  const failures: { remaining: number; status: number }[] = [];
  let nextLoc = 789;
  let base = '';

  async function putCob(txid: string, body: Record<string, unknown>, res: ServerResponse) {
    if (!TXID.test(txid)) return send(res, 400, efiError('txid_invalido', 'O campo txid não respeita o schema.'));
    if (cobs.has(txid))
      return send(res, 400, efiError('txid_duplicado', 'Campo txid informado já foi utilizado em outra cobrança'));
    const calendario = (body.calendario ?? {}) as { expiracao?: unknown };
    const valor = (body.valor ?? {}) as { original?: unknown };
    if (typeof valor.original !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor.original) || Number(valor.original) <= 0)
      return send(res, 400, efiError('valor_invalido', 'O campo cobranca.valor.original não respeita o schema.'));
    if (typeof body.chave !== 'string' || !body.chave || body.chave.length > 77)
      return send(res, 400, efiError('chave_invalida', 'O campo cobranca.chave não respeita o schema.'));
    const locToken = randomBytes(16).toString('hex');
    const locId = nextLoc++;
    const draft = { locToken } as StandInCob;
    const pix = createDynamicPix({ merchantName: 'PROSA PLATAFORMA', merchantCity: 'SAO PAULO', url: location(draft) });
    if (hasError(pix)) return send(res, 500, efiError('erro_interno', 'Erro interno'));
    const cob: StandInCob = {
      txid,
      createdAt: new Date(),
      expiracao: typeof calendario.expiracao === 'number' ? calendario.expiracao : 86_400,
      original: valor.original,
      chave: body.chave,
      solicitacaoPagador: typeof body.solicitacaoPagador === 'string' ? body.solicitacaoPagador : null,
      status: 'ATIVA',
      locId,
      locToken,
      pixCopiaECola: pix.toBRCode(),
      imagemQrcode: (await pix.toImage()).replace(/^data:image\/png;base64,/, ''),
      paid: null,
    };
    cobs.set(txid, cob);
    return send(res, 201, cobBody(cob));
  }

  async function post(url: string, body: unknown): Promise<number | null> {
    try {
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await r.arrayBuffer();
      return r.status;
    } catch {
      return null;
    }
  }

  async function deliver(txid: string, o: { hmac?: string | null } = {}) {
    const c = cobs.get(txid);
    if (!c?.paid) throw new Error(`no paid charge ${txid}`);
    if (!standIn.webhookUrl) throw new Error('no webhook URL');
    const url = new URL(standIn.webhookUrl);
    if (o.hmac === null) url.searchParams.delete('hmac');
    else if (o.hmac !== undefined) url.searchParams.set('hmac', o.hmac);
    // EFI appends `/pix` to the registered URL for a Pix (not for its registration test); a URL
    // ending in `?ignorar=` takes it into that parameter (https://dev.efipay.com.br/docs/api-pix/webhooks).
    const status = await post(`${url.toString()}/pix`, webhookBody(c));
    deliveries.push({ txid, status });
    return status;
  }

  const server = createServer(
    {
      key: cert('server.key'),
      cert: cert('server.pem'),
      ca: cert('ca.pem'),
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
    },
    (req, res) => {
      void (async () => {
        const u = new URL(req.url ?? '/', 'https://stand-in');
        const raw = req.method === 'POST' || req.method === 'PUT' ? await readBody(req) : '';
        let body: unknown = null;
        try {
          body = raw ? JSON.parse(raw) : null;
        } catch {
          return send(res, 400, efiError('json_invalido', 'JSON inválido'));
        }
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        requests.push({
          method: req.method ?? '',
          path: u.pathname,
          authorization: req.headers.authorization ?? null,
          clientCertificate: peer?.subject?.CN ? String(peer.subject.CN) : null,
          body,
        });
        const fail = failures.find((f) => f.remaining > 0);
        if (fail) {
          fail.remaining -= 1;
          return send(res, fail.status, efiError('erro_interno', 'Erro interno'));
        }
        if (u.pathname === '/oauth/token' && req.method === 'POST') {
          const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
          const grant = (body ?? {}) as { grant_type?: unknown };
          if (req.headers.authorization !== basic || grant.grant_type !== 'client_credentials')
            return send(res, 401, { error: 'invalid_client', error_description: 'Invalid or inactive credentials' });
          const token = randomBytes(24).toString('base64url');
          tokens.add(token);
          return send(res, 200, tokenBody(token));
        }
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
        if (!bearer || !tokens.has(bearer[1]!))
          return send(res, 401, efiError('nao_autorizado', 'Token de acesso inválido ou expirado.'));
        const cob = /^\/v2\/cob\/([^/]+)$/.exec(u.pathname);
        if (cob && req.method === 'PUT') return putCob(cob[1]!, (body ?? {}) as Record<string, unknown>, res);
        if (cob && req.method === 'GET') {
          const c = cobs.get(cob[1]!);
          if (!c)
            return send(
              res,
              404,
              efiError('cobranca_nao_encontrada', 'Nenhuma cobrança encontrada para o txid informado'),
            );
          return send(res, 200, cobBody(c));
        }
        const loc = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(u.pathname);
        if (loc && req.method === 'GET') {
          const c = [...cobs.values()].find((x) => x.locId === Number(loc[1]));
          if (!c) return send(res, 404, efiError('location_nao_encontrada', 'Location não encontrada'));
          return send(res, 200, qrcodeBody(c, base));
        }
        return send(res, 404, efiError('rota_nao_encontrada', 'Rota não encontrada'));
      })().catch(() => send(res, 500, efiError('erro_interno', 'Erro interno')));
    },
  );
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: EfiStandIn = {
    url: base,
    clientId,
    clientSecret,
    webhookUrl: opts.webhookUrl ?? null,
    cobs: () => [...cobs.values()],
    requests: () => [...requests],
    deliveries: () => [...deliveries],
    async pay(txid) {
      const c = cobs.get(txid);
      if (!c) throw new Error(`no charge ${txid}`);
      if (c.status === 'ATIVA') {
        c.status = 'CONCLUIDA';
        const now = new Date();
        const stamp = now.toISOString().replace(/\D/g, '').slice(0, 12);
        c.paid = { endToEndId: `E09089356${stamp}${randomBytes(5).toString('hex')}`, horario: now.toISOString() };
      }
      return deliver(txid);
    },
    deliver,
    async deliverTest() {
      if (!standIn.webhookUrl) throw new Error('no webhook URL');
      return post(standIn.webhookUrl, webhookTestBody());
    },
    failNext: (n, status) => void failures.push({ remaining: n, status }),
    close: () => closeServer(server),
  };
  return standIn;
}
