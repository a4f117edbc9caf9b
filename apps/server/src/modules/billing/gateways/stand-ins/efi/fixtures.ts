/**
 * EFI's (Efí Bank) Pix API bodies as its public documentation shows them, for the stand-in:
 *  - the OAuth token (`POST /oauth/token`, HTTP Basic `client_id:client_secret`, body
 *    `{ grant_type: 'client_credentials' }`, over mTLS with the account's certificate; answered
 *    `{ access_token, token_type: 'Bearer', expires_in: 3600, scope }`):
 *    https://dev.efipay.com.br/docs/api-pix/credenciais;
 *  - an immediate charge (`PUT /v2/cob/:txid` with `calendario.expiracao`, `valor.original`,
 *    `chave`, `solicitacaoPagador`; answered 201 with `calendario.criacao`, `txid`, `revisao`,
 *    `loc { id, location, tipoCob }`, `location`, `status: 'ATIVA'`, `pixCopiaECola`; read back with
 *    `GET /v2/cob/:txid`, `status: 'CONCLUIDA'` and a `pix` array once paid; a txid of 26 to 35
 *    characters [a-zA-Z0-9]; error `{ nome, mensagem }`):
 *    https://dev.efipay.com.br/docs/api-pix/cobrancas-imediatas;
 *  - the QR of a location (`GET /v2/loc/:id/qrcode` answering `qrcode`, `imagemQrcode`
 *    (`data:image/png;base64,...`) and `linkVisualizacao`):
 *    https://dev.efipay.com.br/docs/api-pix/payload-locations;
 *  - the Pix webhook (a POST of `{ pix: [{ endToEndId, txid, chave, valor, horario, infoPagador }] }`
 *    to the registered URL, over mTLS with EFI's certificate; `?ignorar=` keeps EFI from appending
 *    `/pix`, and a secret of one's own in the URL (`?hmac=`) tells EFI's calls apart):
 *    https://dev.efipay.com.br/docs/api-pix/webhooks.
 */

export type EfiCobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface StandInCob {
  txid: string;
  createdAt: Date;
  expiracao: number;
  original: string;
  chave: string;
  solicitacaoPagador: string | null;
  status: EfiCobStatus;
  locId: number;
  locToken: string;
  pixCopiaECola: string;
  imagemQrcode: string;
  paid: { endToEndId: string; horario: string } | null;
}

export const TXID = /^[a-zA-Z0-9]{26,35}$/;

export function tokenBody(accessToken: string) {
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: 3600,
    scope:
      'cob.read cob.write cobv.read cobv.write gn.balance.read pix.read pix.send pix.write payloadlocation.read payloadlocation.write webhook.read webhook.write',
  };
}

export const location = (c: StandInCob) => `qrcodespix.sejaefi.com.br/v2/${c.locToken}`;

export function pixBody(c: StandInCob) {
  return {
    endToEndId: c.paid!.endToEndId,
    txid: c.txid,
    chave: c.chave,
    valor: c.original,
    horario: c.paid!.horario,
    infoPagador: 'Pagamento da fatura',
  };
}

export function cobBody(c: StandInCob) {
  return {
    calendario: { criacao: c.createdAt.toISOString(), expiracao: c.expiracao },
    txid: c.txid,
    revisao: 0,
    loc: { id: c.locId, location: location(c), tipoCob: 'cob', criacao: c.createdAt.toISOString() },
    location: location(c),
    status: c.status,
    valor: { original: c.original },
    chave: c.chave,
    ...(c.solicitacaoPagador ? { solicitacaoPagador: c.solicitacaoPagador } : {}),
    pixCopiaECola: c.pixCopiaECola,
    ...(c.paid ? { pix: [pixBody(c)] } : {}),
  };
}

export function qrcodeBody(c: StandInCob, base: string) {
  return {
    qrcode: c.pixCopiaECola,
    imagemQrcode: `data:image/png;base64,${c.imagemQrcode}`,
    linkVisualizacao: `${base}/v2/cobqrcode/${c.locToken}`,
  };
}

/** The webhook of a received Pix, as EFI posts it. */
export const webhookBody = (c: StandInCob) => ({ pix: [pixBody(c)] });
/** The call EFI makes when a webhook is registered, to check the URL answers. */
export const webhookTestBody = () => ({ evento: 'teste_webhook', data_criacao: new Date().toISOString() });

export const efiError = (nome: string, mensagem: string) => ({ nome, mensagem });
