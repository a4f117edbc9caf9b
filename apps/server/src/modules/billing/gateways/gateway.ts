// SECURITY-CRITICAL: the one interface every payment gateway's adapter implements; a webhook pays
// an invoice only after its adapter verified it (signature) and the charge reads back paid.
import { timingSafeEqual } from 'node:crypto';
import type { AvailablePaymentGateway } from '@prosa/contracts';

/** What a charge is made for: the invoice (its value always from the server) and its company. */
export interface ChargeInvoice {
  id: number;
  tenantId: number;
  value: number;
  dueDate: string;
  planName: string;
}
export interface ChargeCompany {
  id: number;
  name: string;
  /** Where the gateway may send the payer's receipt: the company's e-mail, else its admin's. */
  email: string;
}

export interface ChargeRequest {
  invoice: ChargeInvoice;
  company: ChargeCompany;
  /**
   * Same key, same charge: the gateway answers the charge it already made (two clicks, a retry)
   * instead of a second one. Per invoice, value and attempt (a new one after the last expired).
   */
  idempotencyKey: string;
  /** When the charge stops being payable. */
  expiresAt: Date;
  /** Where a checkout page sends the payer back (the web app's /financeiro). */
  returnUrl: string;
  /** Prosa's public webhook URL for this gateway, when PUBLIC_URL is known. */
  webhookUrl: string | null;
}

export interface CreatedCharge {
  chargeId: string;
  pixCopyPaste?: string;
  /** PNG, base64 without the data: prefix. */
  pixQrBase64?: string;
  checkoutUrl?: string;
  expiresAt?: Date;
}

export type ChargeStatus = 'pending' | 'paid' | 'cancelled' | 'expired' | 'refunded';

export interface WebhookInput {
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes received: signatures are computed over them. */
  rawBody: Buffer;
  query: Record<string, unknown>;
}

/**
 * A verified notification names a charge (`chargeId`), or is about something Prosa does not
 * act on (`chargeId: null`: answered 200 and dropped); `refused` is answered 401 and does nothing.
 * `readBack` is what the gateway's API reads the charge's payment by, when that is not the charge
 * id itself (Asaas: the payment a payment link made); it is checked against `chargeId` there.
 */
export type WebhookVerdict = { ok: true; chargeId: string | null; readBack?: string } | { ok: false; reason: string };

/**
 * What a charge is read back against: the invoice's value now (a gateway that reports the amount
 * paid, Owen, counts less than it as not paid) and the verdict's `readBack`, when the webhook gave one.
 */
export interface ReadBack {
  value: number;
  readBack?: string;
}

export interface PaymentGateway {
  readonly name: AvailablePaymentGateway;
  createCharge(req: ChargeRequest): Promise<CreatedCharge>;
  /** The charge's status read back from the gateway's API (never from a webhook's body alone). */
  readCharge(chargeId: string, against: ReadBack): Promise<ChargeStatus>;
  verifyWebhook(input: WebhookInput): WebhookVerdict;
}

/** A gateway answered an error (refused the charge, bad credentials) or could not be reached. */
export class GatewayError extends Error {
  constructor(
    readonly gateway: AvailablePaymentGateway,
    message: string,
    readonly status: number | null,
  ) {
    super(`${gateway}: ${message}`);
  }
}

export const headerOf = (headers: WebhookInput['headers'], name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** A webhook's secret or token against the stored one, in constant time. */
export const sameSecret = (given: string, stored: string): boolean => {
  const x = Buffer.from(given);
  const y = Buffer.from(stored);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
};

/**
 * For gateways that take no idempotency key (Asaas, Owen): the same attempt (two clicks at once,
 * a retry) is answered with the charge made for it while that charge is payable, so one attempt
 * makes one charge on this instance. Kept per module, not per adapter: the registry builds an
 * adapter per call. A refused attempt may be made again.
 */
export function oneChargePerAttempt() {
  const made = new Map<string, { until: number; charge: Promise<CreatedCharge> }>();
  return (key: string, until: Date, make: () => Promise<CreatedCharge>): Promise<CreatedCharge> => {
    const now = Date.now();
    for (const [k, v] of made) if (v.until <= now) made.delete(k);
    const known = made.get(key);
    if (known) return known.charge;
    const charge = make();
    made.set(key, { until: until.getTime(), charge });
    charge.catch(() => made.delete(key));
    return charge;
  };
}
