/**
 * Owen's (api.apipix.me/v1) bodies, for the stand-in. Owen publishes no reference like the other
 * gateways'; each body below says which of the two public descriptions it follows:
 *  [T] the client of the product Prosa replaces, ticketz-oss/ticketz
 *      `backend/src/services/PaymentGatewayServices/OwenServices.ts`: what that client sends and
 *      reads, not Owen's own documentation (AGPL, read for the protocol only);
 *  [D] the page the API serves at https://api.apipix.me/v1/docs ("API PIX Documentation"), as a
 *      stored copy: parameters and example answers of `qrdinamico` and `qrstatus`, and errors.
 * What neither shows is marked as the stand-in's own choice.
 */

export interface StandInQr {
  qrcodeId: string;
  /** `valor` as sent: text with 2 decimals. */
  valor: string;
  minutos: number;
  mensagem: string;
  createdAt: Date;
  qrcode: string;
  qrcodeBase64: string;
  /** Set when paid; `valor` is what the payer sent (may differ from the QR's). */
  paid: { valor: number; data: string; endToEndId: string } | null;
}

/**
 * `GET /qrdinamico` answered 200: `{ data: { qrcodeId, qrcode } }` [T: `qrResult.data.data.qrcodeId`
 * and `.qrcode`], plus `qrcodeBase64` (a PNG, "iVBOR...") [D, the 200 OK example].
 */
export const qrDinamicoBody = (q: StandInQr) => ({
  data: { qrcodeId: q.qrcodeId, qrcode: q.qrcode, qrcodeBase64: q.qrcodeBase64 },
});

/**
 * `GET /qrstatus` answered 200. Paid: `{ data: { status: 'APPROVED', endToEndId, identificadorId,
 * sender: { nome, cpf_cnpj, data, valor } } }` [D, the 200 OK example; T reads `data.status` and
 * `data.sender.valor`]. Not paid: neither source shows it; the stand-in answers `status` 'PENDING'
 * (or 'EXPIRED' past its minutes) without a sender, its own choice: the adapter reads every
 * status but APPROVED as not paid, so the exact word does not matter.
 */
export function qrStatusBody(q: StandInQr, now = new Date()) {
  if (q.paid)
    return {
      data: {
        status: 'APPROVED',
        endToEndId: q.paid.endToEndId,
        identificadorId: `QRS${q.qrcodeId.replace(/-/g, '').slice(0, 24).toUpperCase()}`,
        sender: { nome: 'Pagador Exemplo Ltda', cpf_cnpj: '***.532.728-**', data: q.paid.data, valor: q.paid.valor },
      },
    };
  const expired = now.getTime() > q.createdAt.getTime() + q.minutos * 60_000;
  return { data: { status: expired ? 'EXPIRED' : 'PENDING' } };
}

/**
 * The webhook Owen posts: `{ data: { status: 'APPROVED', qrcodeId, valor } }`, JSON, unsigned
 * [T: `owenWebhook` reads `req.body.data.status`, `.qrcodeId` and `.valor`; D does not describe
 * it]. The `?token=` Prosa's URL carries is the operator's, not Owen's.
 */
export const webhookBody = (q: StandInQr, status = 'APPROVED') => ({
  data: { status, qrcodeId: q.qrcodeId, valor: q.paid?.valor ?? Number(q.valor) },
});

/**
 * Errors `{ error, message }` [D]: 400 "Invalid request parameters", 401 "Authentication failed"
 * (wrong credentials), 404 "Authorization not found or invalid" (credentials missing), 500.
 * Which of 401 and 404 Owen gives for which mistake is the stand-in's reading of D.
 */
export const owenError = (error: string, message: string) => ({ error, message });
export const BAD_REQUEST = owenError('Bad Request', 'Invalid request parameters');
export const UNAUTHORIZED = owenError('Unauthorized', 'Authentication failed');
export const NO_AUTHORIZATION = owenError('Not Found', 'Authorization not found or invalid');
export const INTERNAL = owenError('Internal Server Error', 'Something went wrong on the server');
