/**
 * Where the payment-slip integration finds a document's open slips, chosen by the integration's
 * `model`: `asaas` (Asaas' API v3, `url` its root, e.g. https://api.asaas.com/v3 or
 * https://api-sandbox.asaas.com/v3, the API key in the `access_token` header,
 * https://docs.asaas.com/reference/authentication) or `contract` (any billing system answering
 * Prosa's slip contract, packages/contracts/src/schemas/slip-contract.ts, with a Bearer key).
 * A billing system that cannot answer (network, 5xx, refused key, an answer of another shape)
 * is a BillingDownError: the driver says so politely instead of retrying the customer's turn.
 */
import { ZSlipContractAnswer } from '@prosa/contracts';
import type { IntegrationConfig } from './driver.js';
import { callProvider, joinUrl, type ProviderAnswer } from './provider-http.js';

export interface OpenSlip {
  id: string;
  /** YYYY-MM-DD */
  dueDate: string;
  value: number;
  digitableLine: string | null;
  pdfUrl: string | null;
  overdue: boolean;
}

export class BillingDownError extends Error {
  override name = 'BillingDownError';
}

export interface CallOptions {
  allowPrivate: boolean;
  signal?: AbortSignal;
}

export type SlipBackendModel = 'asaas' | 'contract';
export const slipBackendOf = (cfg: IntegrationConfig): SlipBackendModel =>
  cfg.model === 'contract' ? 'contract' : 'asaas';

/** At most this many slips are sent in one answer (oldest due first). */
export const MAX_SLIPS = 10;

async function get(url: string, headers: Record<string, string>, opts: CallOptions): Promise<ProviderAnswer> {
  try {
    return await callProvider({ method: 'GET', url, headers, allowPrivate: opts.allowPrivate, signal: opts.signal });
  } catch (err) {
    throw new BillingDownError((err as Error).message);
  }
}

const ok = (res: ProviderAnswer) => res.status >= 200 && res.status < 300;

/** Asaas' list envelope: `{ object: 'list', hasMore, totalCount, limit, offset, data: [...] }`. */
function listData<T>(res: ProviderAnswer, what: string): T[] {
  const data = (res.json as { data?: unknown } | null)?.data;
  if (!ok(res) || !Array.isArray(data)) throw new BillingDownError(`Asaas ${what} answered ${res.status}`);
  return data as T[];
}

interface AsaasCustomer {
  id: string;
  deleted?: boolean;
}
interface AsaasPayment {
  id: string;
  status: string;
  value: number;
  dueDate: string;
  billingType: string;
  bankSlipUrl: string | null;
  deleted?: boolean;
}

/**
 * https://docs.asaas.com/reference/list-customers (`GET /customers?cpfCnpj=`),
 * https://docs.asaas.com/reference/list-payments (`GET /payments?customer=&status=`),
 * https://docs.asaas.com/reference/get-digitable-bill-line (`GET /payments/{id}/identificationField`).
 */
async function findAsaas(cfg: IntegrationConfig, document: string, opts: CallOptions): Promise<OpenSlip[]> {
  const headers = { access_token: cfg.apiKey ?? '' };
  const customers = listData<AsaasCustomer>(
    await get(joinUrl(cfg.url, '/customers', { cpfCnpj: document }), headers, opts),
    'customers',
  ).filter((c) => !c.deleted);
  const payments: AsaasPayment[] = [];
  for (const customer of customers)
    for (const status of ['PENDING', 'OVERDUE']) {
      const url = joinUrl(cfg.url, '/payments', { customer: customer.id, status, limit: '100' });
      payments.push(...listData<AsaasPayment>(await get(url, headers, opts), 'payments'));
    }
  // Only charges a slip can pay (BOLETO, or UNDEFINED where the payer picks): the others have no digitable line.
  const slips = payments
    .filter((p) => !p.deleted && (p.billingType === 'BOLETO' || p.billingType === 'UNDEFINED'))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
    .slice(0, MAX_SLIPS);
  const out: OpenSlip[] = [];
  for (const p of slips) {
    const res = await get(joinUrl(cfg.url, `/payments/${encodeURIComponent(p.id)}/identificationField`), headers, opts);
    if (res.status >= 500 || res.status === 401)
      throw new BillingDownError(`Asaas identificationField answered ${res.status}`);
    const line = ok(res) ? (res.json as { identificationField?: unknown } | null)?.identificationField : null;
    out.push({
      id: p.id,
      dueDate: p.dueDate,
      value: p.value,
      digitableLine: typeof line === 'string' && line ? line : null,
      pdfUrl: p.bankSlipUrl ?? null,
      overdue: p.status === 'OVERDUE',
    });
  }
  return out;
}

async function findContract(cfg: IntegrationConfig, document: string, opts: CallOptions): Promise<OpenSlip[]> {
  const headers: Record<string, string> = cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {};
  const res = await get(joinUrl(cfg.url, '/slips', { document }), headers, opts);
  if (res.status === 404) return [];
  const parsed = ok(res) ? ZSlipContractAnswer.safeParse(res.json) : null;
  if (!parsed?.success) throw new BillingDownError(`slip contract answered ${res.status}`);
  const today = new Date().toISOString().slice(0, 10);
  return parsed.data.slips
    .map((s) => ({
      id: s.id,
      dueDate: s.dueDate,
      value: s.value,
      digitableLine: s.digitableLine,
      pdfUrl: s.pdfUrl,
      overdue: s.dueDate < today,
    }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
    .slice(0, MAX_SLIPS);
}

export function findOpenSlips(cfg: IntegrationConfig, document: string, opts: CallOptions): Promise<OpenSlip[]> {
  return slipBackendOf(cfg) === 'contract' ? findContract(cfg, document, opts) : findAsaas(cfg, document, opts);
}
