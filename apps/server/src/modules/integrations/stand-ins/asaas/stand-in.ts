/**
 * A local stand-in of the Asaas payments API v3 on loopback (https://docs.asaas.com/reference),
 * holding the customers and payments of data.ts:
 *  - `GET /v3/customers?cpfCnpj=` (https://docs.asaas.com/reference/list-customers),
 *  - `GET /v3/payments?customer=&status=` (https://docs.asaas.com/reference/list-payments),
 *  - `GET /v3/payments/{id}/identificationField` (https://docs.asaas.com/reference/get-digitable-bill-line),
 * lists in Asaas' envelope `{ object: 'list', hasMore, totalCount, limit, offset, data }`, the
 * API key checked in the `access_token` header (401 otherwise,
 * https://docs.asaas.com/reference/authentication), errors as `{ errors: [{ code, description }] }`.
 * `bankSlipUrl` points at `/b/pdf/{n}` here, which serves a small PDF.
 *
 * The same server answers Prosa's slip contract (packages/contracts/src/schemas/slip-contract.ts)
 * under `/contract`: `GET /contract/slips?document=` with `Authorization: Bearer <key>`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { customers, payments, SLIP_PDF, type StandInPayment } from './data.js';

export interface AsaasRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  accessToken: string | null;
  authorization: string | null;
}

export interface AsaasStandIn {
  /** Asaas' API root to give the integration (`url`, model `asaas`). */
  url: string;
  /** The slip-contract root (`url`, model `contract`). */
  contractUrl: string;
  /** The one valid key (Asaas `access_token`, and the contract's Bearer). */
  apiKey: string;
  requests(): AsaasRequest[];
  /** The next `n` calls (to paths starting with `path`, if given) answer `status` (503: the billing system is down). */
  failNext(n: number, status: number, path?: string): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const asaasError = (res: ServerResponse, status: number, code: string, description: string) =>
  send(res, status, { errors: [{ code, description }] });

const isoDay = (today: Date, days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

function list<T>(all: T[], query: Record<string, string>) {
  const limit = Math.min(Number(query.limit ?? 10) || 10, 100);
  const offset = Number(query.offset ?? 0) || 0;
  const data = all.slice(offset, offset + limit);
  return { object: 'list', hasMore: offset + limit < all.length, totalCount: all.length, limit, offset, data };
}

export async function startAsaasStandIn(
  opts: { port?: number; apiKey?: string; today?: Date } = {},
): Promise<AsaasStandIn> {
  const apiKey = opts.apiKey ?? `$aact_hmlg_${randomBytes(24).toString('base64url')}`;
  const today = opts.today ?? new Date();
  const requests: AsaasRequest[] = [];
  const failures: { remaining: number; status: number; path?: string }[] = [];
  let base = '';

  const paymentBody = (p: StandInPayment) => {
    const n = p.id.replace(/^pay_/, '');
    return {
      object: 'payment',
      id: p.id,
      dateCreated: isoDay(today, p.dueInDays - 30),
      customer: p.customer,
      paymentLink: null,
      value: p.value,
      netValue: Math.round(p.value * 0.97 * 100) / 100,
      originalValue: null,
      interestValue: null,
      description: p.description,
      billingType: p.billingType,
      canBePaidAfterDueDate: true,
      pixTransaction: null,
      status: p.status,
      dueDate: isoDay(today, p.dueInDays),
      originalDueDate: isoDay(today, p.dueInDays),
      paymentDate: null,
      clientPaymentDate: null,
      installmentNumber: null,
      invoiceUrl: `${base}/i/${n}`,
      invoiceNumber: n.slice(-8),
      externalReference: null,
      deleted: false,
      anticipated: false,
      anticipable: false,
      creditDate: null,
      estimatedCreditDate: null,
      transactionReceiptUrl: null,
      nossoNumero: p.nossoNumero || null,
      bankSlipUrl: p.billingType === 'BOLETO' || p.billingType === 'UNDEFINED' ? `${base}/b/pdf/${n}` : null,
      discount: { value: 0, limitDate: null, dueDateLimitDays: 0, type: 'FIXED' },
      fine: { value: 0, type: 'FIXED' },
      interest: { value: 0, type: 'PERCENTAGE' },
      postalService: false,
    };
  };
  const customerBody = (c: (typeof customers)[number]) => ({
    object: 'customer',
    id: c.id,
    dateCreated: isoDay(today, -90),
    name: c.name,
    email: c.email,
    phone: null,
    mobilePhone: null,
    address: null,
    addressNumber: null,
    complement: null,
    province: null,
    postalCode: null,
    cpfCnpj: c.cpfCnpj,
    personType: c.personType,
    deleted: false,
    additionalEmails: null,
    externalReference: null,
    notificationDisabled: false,
    observations: null,
    foreignCustomer: false,
  });
  const openSlips = (document: string) =>
    customers
      .filter((c) => c.cpfCnpj === document)
      .flatMap((c) => payments.filter((p) => p.customer === c.id && p.status !== 'RECEIVED' && p.identificationField))
      .map((p) => ({
        id: p.id,
        dueDate: isoDay(today, p.dueInDays),
        value: p.value,
        digitableLine: p.identificationField,
        pdfUrl: `${base}/b/pdf/${p.id.replace(/^pay_/, '')}`,
      }));

  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(u.searchParams);
    const accessToken = typeof req.headers.access_token === 'string' ? req.headers.access_token : null;
    requests.push({
      method: req.method ?? '',
      path: u.pathname,
      query,
      accessToken,
      authorization: req.headers.authorization ?? null,
    });
    const fail = failures.find((f) => f.remaining > 0 && (!f.path || u.pathname.startsWith(f.path)));
    if (fail) {
      fail.remaining -= 1;
      return asaasError(res, fail.status, 'service_unavailable', 'Serviço temporariamente indisponível.');
    }
    if (req.method !== 'GET') return asaasError(res, 405, 'method_not_allowed', 'Método não permitido.');

    const pdf = /^\/b\/pdf\/(\w+)$/.exec(u.pathname);
    if (pdf) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(SLIP_PDF.length) });
      return void res.end(SLIP_PDF);
    }

    if (u.pathname === '/contract/slips') {
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { error: 'unauthorized' });
      return send(res, 200, { slips: openSlips(query.document ?? '') });
    }

    if (!u.pathname.startsWith('/v3/')) return asaasError(res, 404, 'not_found', 'Recurso não encontrado.');
    if (accessToken !== apiKey)
      return asaasError(res, 401, 'invalid_access_token', 'A chave de API fornecida é inválida');

    if (u.pathname === '/v3/customers') {
      const found = customers.filter((c) => !query.cpfCnpj || c.cpfCnpj === query.cpfCnpj.replace(/\D/g, ''));
      return send(res, 200, list(found.map(customerBody), query));
    }
    if (u.pathname === '/v3/payments') {
      const found = payments.filter(
        (p) => (!query.customer || p.customer === query.customer) && (!query.status || p.status === query.status),
      );
      return send(res, 200, list(found.map(paymentBody), query));
    }
    const field = /^\/v3\/payments\/([\w-]+)\/identificationField$/.exec(u.pathname);
    if (field) {
      const p = payments.find((x) => x.id === field[1]);
      if (!p) return asaasError(res, 404, 'not_found', 'Cobrança não encontrada.');
      if (!p.identificationField)
        return asaasError(res, 400, 'invalid_action', 'Esta cobrança não possui linha digitável.');
      return send(res, 200, {
        identificationField: p.identificationField,
        nossoNumero: p.nossoNumero,
        barCode: p.barCode,
      });
    }
    return asaasError(res, 404, 'not_found', 'Recurso não encontrado.');
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: `${base}/v3`,
    contractUrl: `${base}/contract`,
    apiKey,
    requests: () => [...requests],
    failNext: (n, status, path) => void failures.push({ remaining: n, status, path }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
