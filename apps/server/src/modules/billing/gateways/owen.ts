// SECURITY-CRITICAL: the Owen adapter. Owen's webhook is unsigned, so it is taken only with the
// token the operator put in the URL registered at Owen (`?token=`), and even then its body pays
// nothing: the QR is read back (`qrstatus`) and counts as paid only when APPROVED for at least the
// invoice's value.
/**
 * Owen (api.apipix.me) over plain HTTP. Where the protocol comes from, since Owen publishes no
 * reference of the kind the other gateways do:
 *  - the client of the product Prosa replaces, ticketz-oss/ticketz
 *    `backend/src/services/PaymentGatewayServices/OwenServices.ts` (AGPL; read for the protocol
 *    only, none of its code is here). It is not Owen's documentation: it shows what that client
 *    sends and reads (base URL, credentials as query parameters, `qrdinamico`, `qrstatus`,
 *    `data.status === 'APPROVED'`, `sender.valor` against the invoice's value, the webhook body
 *    `{ data: { status, qrcodeId, valor } }`, unsigned);
 *  - the page the API serves at https://api.apipix.me/v1/docs ("API PIX Documentation"; seen as a
 *    stored copy, not fetched live): the same two calls with their parameters (`user` = CNPJ,
 *    `password` = token, `secretkey`, `valor`, `minutos`, `mensagem`), the `qrdinamico` answer
 *    `{ data: { qrcodeId, qrcode, qrcodeBase64 } }`, the `qrstatus` answer `{ data: { status:
 *    'APPROVED', endToEndId, identificadorId, sender: { nome, cpf_cnpj, data, valor } } }`, and
 *    errors `{ error, message }` (400, 401, 404 for missing or invalid authorization, 406, 412,
 *    500). It names no status but APPROVED and does not describe the webhook.
 * "Owem Pay" (docs.owem.com.br, api.owem.com.br: JWT or ApiKey auth, HMAC-SHA512 bodies, values
 * in cents) is another API; nothing of it is used here.
 * Not proved against the live api.apipix.me (README "Billing").
 */
import {
  GatewayError,
  oneChargePerAttempt,
  sameSecret,
  type ChargeRequest,
  type ChargeStatus,
  type CreatedCharge,
  type PaymentGateway,
  type ReadBack,
  type WebhookInput,
  type WebhookVerdict,
} from './gateway.js';

export const OWEN_API_URL = 'https://api.apipix.me/v1';

export interface OwenCredentials {
  /** The account's user: its CNPJ. */
  user: string;
  /** Its password: the token Owen gives. */
  password: string;
  secretKey: string;
  /** The operator's own token, in the webhook URL registered at Owen (`?token=`). */
  webhookToken: string;
  apiUrl?: string;
}

/** A QR's id: a UUID in Owen's examples; anything else is not put in a URL or looked up. */
export const OWEN_QRCODE_ID = /^[A-Za-z0-9-]{8,100}$/;
/** A PNG in base64 (its signature, `\x89PNG`, is `iVBOR`), without a data: prefix, up to ~150 KB. */
const PNG_BASE64 = /^iVBOR[A-Za-z0-9+/]{10,200000}={0,2}$/;
/** Pix's `solicitacaoPagador` limit, which Owen's `mensagem` presumably becomes. */
const MESSAGE_MAX = 140;

/** A sum of money Owen answered (a number, or its text) in cents; null when it is neither. */
const cents = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d{1,2})?$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};

/**
 * `qrstatus`'s `data` as Prosa reads it: APPROVED with at least the invoice's value paid is paid;
 * APPROVED for less is not (as the ticketz client does); any other status is pending (no other
 * status is documented, so none is read as cancelled or expired: the charge's own expiry stands).
 */
export function owenStatus(
  data: { status?: unknown; sender?: { valor?: unknown } } | undefined,
  value: number,
): ChargeStatus {
  if (data?.status !== 'APPROVED') return 'pending';
  const paid = cents(data.sender?.valor);
  return paid !== null && paid >= Math.round(value * 100) ? 'paid' : 'pending';
}

/** Owen takes no idempotency key: one QR per invoice attempt, keyed by API root, user and attempt. */
const once = oneChargePerAttempt();

export function owenGateway(creds: OwenCredentials): PaymentGateway {
  const base = (creds.apiUrl ?? OWEN_API_URL).replace(/\/+$/, '');

  /** A GET with the credentials as query parameters, as Owen takes them; the URL is never logged. */
  async function get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries({
      ...params,
      user: creds.user,
      password: creds.password,
      secretkey: creds.secretKey,
    }))
      url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, { headers: { 'user-agent': 'Prosa' }, signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      throw new GatewayError('owen', (err as Error).message, null);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new GatewayError('owen', `HTTP ${res.status}, answer is not JSON`, res.status);
    }
    if (!res.ok) {
      const e = body as { error?: unknown; message?: unknown } | null;
      const detail = typeof e?.error === 'string' ? `${e.error}: ${String(e.message ?? '')}` : '';
      throw new GatewayError('owen', `HTTP ${res.status} ${detail}`.trim(), res.status);
    }
    return body as T;
  }

  async function createQr(req: ChargeRequest): Promise<CreatedCharge> {
    const minutes = Math.max(1, Math.floor((req.expiresAt.getTime() - Date.now()) / 60_000));
    const answer = await get<{ data?: { qrcodeId?: unknown; qrcode?: unknown; qrcodeBase64?: unknown } }>(
      '/qrdinamico',
      {
        // The invoice's value, from the server's row (ChargeRequest), never from the client.
        valor: req.invoice.value.toFixed(2),
        minutos: String(minutes),
        mensagem: `${req.company.name} #${req.invoice.id}`.slice(0, MESSAGE_MAX),
      },
    );
    const d = answer?.data;
    if (typeof d?.qrcodeId !== 'string' || !OWEN_QRCODE_ID.test(d.qrcodeId))
      throw new GatewayError('owen', 'QR without a qrcodeId', null);
    if (typeof d.qrcode !== 'string' || !d.qrcode.startsWith('000201'))
      throw new GatewayError('owen', 'QR without a BR Code', null);
    // Owen's PNG when it sends one; otherwise /financeiro draws the QR from the BR Code itself.
    const image = typeof d.qrcodeBase64 === 'string' ? d.qrcodeBase64.replace(/^data:image\/png;base64,/, '') : '';
    return {
      chargeId: d.qrcodeId,
      pixCopyPaste: d.qrcode,
      ...(PNG_BASE64.test(image) ? { pixQrBase64: image } : {}),
      expiresAt: new Date(Date.now() + minutes * 60_000),
    };
  }

  return {
    name: 'owen',
    createCharge(req: ChargeRequest): Promise<CreatedCharge> {
      return once(`${base}\n${creds.user}\n${req.idempotencyKey}`, req.expiresAt, () => createQr(req));
    },

    async readCharge(chargeId: string, { value }: ReadBack): Promise<ChargeStatus> {
      if (!OWEN_QRCODE_ID.test(chargeId)) throw new GatewayError('owen', 'not a qrcodeId', null);
      const answer = await get<{ data?: { status?: unknown; sender?: { valor?: unknown } } }>('/qrstatus', {
        qrcodeId: chargeId,
      });
      return owenStatus(answer?.data, value);
    },

    verifyWebhook({ query, rawBody }: WebhookInput): WebhookVerdict {
      const token = typeof query.token === 'string' ? query.token : '';
      if (!token) return { ok: false, reason: 'no token in the URL' };
      if (!sameSecret(token, creds.webhookToken)) return { ok: false, reason: 'wrong token' };
      let body: { data?: { qrcodeId?: unknown } } | null;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as typeof body;
      } catch {
        return { ok: true, chargeId: null };
      }
      // Whatever status the body says, the QR it names is read back: the body alone decides nothing.
      const id = body?.data?.qrcodeId;
      return { ok: true, chargeId: typeof id === 'string' && OWEN_QRCODE_ID.test(id) ? id : null };
    },
  };
}
