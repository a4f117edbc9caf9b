// SECURITY-CRITICAL: the one interface every payment gateway's adapter implements; a webhook pays
// an invoice only after its adapter verified it (signature) and the charge reads back paid.
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
export type WebhookVerdict =
  | { ok: true; chargeId: string | null; readBack?: string }
  | { ok: false; reason: string };

export interface PaymentGateway {
  readonly name: AvailablePaymentGateway;
  createCharge(req: ChargeRequest): Promise<CreatedCharge>;
  /**
   * The charge's status read back from the gateway's API (never from a webhook's body alone);
   * `readBack` is the verdict's, when the webhook gave one.
   */
  readCharge(chargeId: string, readBack?: string): Promise<ChargeStatus>;
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
