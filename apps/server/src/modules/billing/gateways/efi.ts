// SECURITY-CRITICAL: the EFI (Efí Bank) adapter. Its API is reached over mutual TLS with the
// operator's certificate; a webhook is taken only with the secret Prosa put in the URL registered
// at EFI (`?hmac=`), and a charge counts as paid only when `GET /v2/cob/:txid`, read back over
// mTLS, says CONCLUIDA: the webhook's body alone never pays.
/**
 * EFI's Pix API over plain HTTPS (node:https with the client certificate), not its SDK
 * (`sdk-node-apis-efi`): the SDK takes its base URLs from a module constant the package's
 * `exports` map does not let one import (so it cannot be pointed at a stand-in), and its
 * https.Agent takes no CA, so it cannot trust a stand-in's certificate without switching off TLS
 * verification for the whole process.
 *  - token: `POST /oauth/token`, Basic `client_id:client_secret`, `grant_type: client_credentials`
 *    (https://dev.efipay.com.br/docs/api-pix/credenciais), kept until shortly before it expires;
 *  - charge: `PUT /v2/cob/:txid` with a txid per invoice attempt (from the idempotency key, so a
 *    retry names the same charge: EFI answers `txid_duplicado` and it is read back), the invoice's
 *    value, the operator's Pix key (https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas);
 *    its QR from `GET /v2/loc/:id/qrcode` (https://dev.efipay.com.br/docs/api-pix/payload-locations);
 *  - webhook (https://dev.efipay.com.br/docs/api-pix/webhooks): `{ pix: [{ txid, ... }] }` posted
 *    to the URL the operator registers for the key, `.../webhook/efi?hmac={secret}&ignorar=`;
 *    EFI's own mTLS towards that URL is the reverse proxy's to require (README "Billing").
 */
import { createHash } from 'node:crypto';
import { Agent, request, type AgentOptions } from 'node:https';
import {
  GatewayError,
  sameSecret,
  type ChargeRequest,
  type ChargeStatus,
  type CreatedCharge,
  type PaymentGateway,
  type WebhookInput,
  type WebhookVerdict,
} from './gateway.js';

export const EFI_API_URL = 'https://pix.api.efipay.com.br';

export interface EfiCredentials {
  clientId: string;
  clientSecret: string;
  /** The account's certificate: a .p12 in base64, or PEM text with the certificate and its key. */
  certificate: string;
  /** The receiving Pix key of the operator's EFI account (each charge's `chave`). */
  pixKey: string;
  /** The secret in the webhook URL registered at EFI (`?hmac=`). */
  webhookSecret: string;
  apiUrl?: string;
  /** PEM of a CA to trust for apiUrl (a stand-in); unset: the public roots. */
  ca?: string;
}

export const EFI_TXID = /^[a-zA-Z0-9]{26,35}$/;

/** A txid per idempotency key: 32 hex characters, inside EFI's [a-zA-Z0-9]{26,35}. */
export const efiTxid = (idempotencyKey: string) =>
  createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);

/** EFI charge statuses as Prosa reads them (an ATIVA charge past its time is expired). */
export function efiStatus(
  cob: { status?: string; calendario?: { criacao?: string; expiracao?: number } },
  now = new Date(),
): ChargeStatus {
  switch (cob.status) {
    case 'CONCLUIDA':
      return 'paid';
    case 'REMOVIDA_PELO_USUARIO_RECEBEDOR':
    case 'REMOVIDA_PELO_PSP':
      return 'cancelled';
    default: {
      const created = Date.parse(cob.calendario?.criacao ?? '');
      const ttl = cob.calendario?.expiracao;
      if (Number.isFinite(created) && typeof ttl === 'number' && created + ttl * 1000 < now.getTime()) return 'expired';
      return 'pending';
    }
  }
}

/** The TLS options of the operator's certificate: PEM blocks, else a PKCS#12 file (no passphrase, as EFI issues it). */
export function efiTlsOptions(certificate: string): Pick<AgentOptions, 'cert' | 'key' | 'pfx' | 'passphrase'> {
  const text = certificate.trim();
  if (text.includes('-----BEGIN')) {
    const certs = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    const key = /-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]+?-----END \1PRIVATE KEY-----/.exec(text)?.[0];
    return { cert: certs.join('\n'), key };
  }
  return { pfx: Buffer.from(text.replace(/\s/g, ''), 'base64'), passphrase: '' };
}

/** Tokens per API, client and secret: a new adapter per request must not ask EFI for one each time. */
const tokens = new Map<string, { token: string; until: number }>();

interface Answer {
  status: number;
  body: unknown;
}

export function efiGateway(creds: EfiCredentials): PaymentGateway {
  const base = new URL(creds.apiUrl ?? EFI_API_URL);
  let agent: Agent | null = null;
  const getAgent = () => {
    if (agent) return agent;
    try {
      agent = new Agent({
        ...efiTlsOptions(creds.certificate),
        ...(creds.ca ? { ca: creds.ca } : {}),
        keepAlive: false,
      });
    } catch (err) {
      throw new GatewayError('efi', `certificate: ${(err as Error).message}`, null);
    }
    return agent;
  };
  const tokenKey = createHash('sha256')
    .update(`${base.origin}\n${creds.clientId}\n${creds.clientSecret}\n${creds.certificate}`)
    .digest('hex');

  function send(method: 'GET' | 'POST' | 'PUT', path: string, headers: Record<string, string>, body?: unknown) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<Answer>((resolve, reject) => {
      const req = request(
        new URL(path, base),
        {
          method,
          agent: getAgent(),
          timeout: 15_000,
          headers: {
            ...headers,
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              /* kept as text */
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err) => reject(new GatewayError('efi', err.message, null)));
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  async function accessToken(): Promise<string> {
    const cached = tokens.get(tokenKey);
    if (cached && cached.until > Date.now()) return cached.token;
    const basic = Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64');
    const res = await send(
      'POST',
      '/oauth/token',
      { authorization: `Basic ${basic}` },
      { grant_type: 'client_credentials' },
    );
    const b = res.body as { access_token?: unknown; expires_in?: unknown; error_description?: unknown };
    if (res.status !== 200 || typeof b?.access_token !== 'string')
      throw new GatewayError(
        'efi',
        `token: ${typeof b?.error_description === 'string' ? b.error_description : `HTTP ${res.status}`}`,
        res.status,
      );
    const ttl = typeof b.expires_in === 'number' ? b.expires_in : 3600;
    tokens.set(tokenKey, { token: b.access_token, until: Date.now() + Math.max(ttl - 60, 0) * 1000 });
    return b.access_token;
  }

  async function api(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<Answer> {
    const res = await send(method, path, { authorization: `Bearer ${await accessToken()}` }, body);
    // A token EFI no longer takes: forget it, so the next call asks for another.
    if (res.status === 401) tokens.delete(tokenKey);
    return res;
  }

  const failure = (res: Answer, what: string) => {
    const b = res.body as { nome?: unknown; mensagem?: unknown } | null;
    const detail = typeof b?.nome === 'string' ? `${b.nome}: ${String(b.mensagem ?? '')}` : `HTTP ${res.status}`;
    return new GatewayError('efi', `${what}: ${detail}`, res.status);
  };

  return {
    name: 'efi',
    async createCharge(req: ChargeRequest): Promise<CreatedCharge> {
      const txid = efiTxid(req.idempotencyKey);
      const expiracao = Math.max(60, Math.floor((req.expiresAt.getTime() - Date.now()) / 1000));
      let res = await api('PUT', `/v2/cob/${txid}`, {
        calendario: { expiracao },
        valor: { original: req.invoice.value.toFixed(2) },
        chave: creds.pixKey,
        solicitacaoPagador: `${req.invoice.planName} ${req.invoice.dueDate}`.slice(0, 140),
      });
      // The same attempt made before (a retry, two clicks): the charge already exists at EFI.
      if (res.status === 400 && (res.body as { nome?: unknown } | null)?.nome === 'txid_duplicado')
        res = await api('GET', `/v2/cob/${txid}`);
      if (res.status !== 200 && res.status !== 201) throw failure(res, 'cob');
      const cob = res.body as {
        txid?: unknown;
        pixCopiaECola?: unknown;
        loc?: { id?: unknown };
        calendario?: { criacao?: string; expiracao?: number };
      };
      if (cob.txid !== txid || typeof cob.pixCopiaECola !== 'string')
        throw new GatewayError('efi', 'charge without a txid or pixCopiaECola', null);
      let pixQrBase64: string | undefined;
      if (typeof cob.loc?.id === 'number') {
        const qr = await api('GET', `/v2/loc/${cob.loc.id}/qrcode`);
        const image = (qr.body as { imagemQrcode?: unknown } | null)?.imagemQrcode;
        if (qr.status === 200 && typeof image === 'string') pixQrBase64 = image.replace(/^data:image\/png;base64,/, '');
      }
      const created = Date.parse(cob.calendario?.criacao ?? '');
      const ttl = cob.calendario?.expiracao;
      return {
        chargeId: txid,
        pixCopyPaste: cob.pixCopiaECola,
        ...(pixQrBase64 ? { pixQrBase64 } : {}),
        expiresAt: Number.isFinite(created) && typeof ttl === 'number' ? new Date(created + ttl * 1000) : req.expiresAt,
      };
    },

    async readCharge(chargeId: string): Promise<ChargeStatus> {
      if (!EFI_TXID.test(chargeId)) throw new GatewayError('efi', 'not a txid', null);
      const res = await api('GET', `/v2/cob/${chargeId}`);
      if (res.status !== 200) throw failure(res, 'cob');
      return efiStatus(res.body as Parameters<typeof efiStatus>[0]);
    },

    verifyWebhook({ query, rawBody }: WebhookInput): WebhookVerdict {
      const hmac = typeof query.hmac === 'string' ? query.hmac : '';
      if (!hmac) return { ok: false, reason: 'no hmac in the URL' };
      if (!sameSecret(hmac, creds.webhookSecret)) return { ok: false, reason: 'wrong hmac' };
      let body: { pix?: unknown };
      try {
        body = JSON.parse(rawBody.toString('utf8')) as typeof body;
      } catch {
        return { ok: true, chargeId: null };
      }
      // EFI's registration test (`evento: teste_webhook`) and Pix without a charge name nothing.
      const pix = Array.isArray(body?.pix) ? (body.pix as { txid?: unknown }[]) : [];
      const txid = pix.map((p) => p?.txid).find((t): t is string => typeof t === 'string' && EFI_TXID.test(t));
      return { ok: true, chargeId: txid ?? null };
    },
  };
}
