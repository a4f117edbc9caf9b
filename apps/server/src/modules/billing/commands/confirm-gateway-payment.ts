// SECURITY-CRITICAL: a public webhook pays an invoice here. Only after the gateway's adapter
// verified the notification (signature) and the charge, read back from the gateway's API, is paid.
// The invoice is found by the gateway's own charge id (unique per gateway), across companies: the
// webhook carries no token; the company is the invoice's, never one the request names.
import type { AvailablePaymentGateway } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { invoices } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import type { WebhookInput } from '../gateways/gateway.js';
import { loadGateway } from '../gateways/registry.js';
import { payInvoice } from './pay-invoice.js';

export type WebhookOutcome = 'paid' | 'already-paid' | 'pending' | 'ignored' | 'unknown-charge';

/**
 * Verifies a gateway's notification and pays the invoice its charge belongs to when the gateway
 * says the charge is paid. Refused (ERR_WEBHOOK_SIGNATURE) when the gateway is not configured or
 * the signature does not hold; a gateway that cannot be read answers ERR_PROVIDER_UNAVAILABLE, so
 * the gateway delivers the notification again later (both retry on any answer but 2xx). Paying
 * is idempotent (payInvoice): a notification delivered three times pays once.
 */
export async function confirmGatewayPayment(
  platform: Platform,
  name: AvailablePaymentGateway,
  input: WebhookInput,
): Promise<WebhookOutcome> {
  const gateway = await loadGateway(platform, name);
  if (!gateway) throw new AppError('ERR_WEBHOOK_SIGNATURE');
  const verdict = gateway.verifyWebhook(input);
  if (!verdict.ok) {
    platform.log.warn({ gateway: name, reason: verdict.reason }, 'payment webhook refused');
    throw new AppError('ERR_WEBHOOK_SIGNATURE');
  }
  if (!verdict.chargeId) return 'ignored';
  const [invoice] = await unsafeSystemDb(platform.db)
    .select({ id: invoices.id, tenantId: invoices.tenantId, status: invoices.status, value: invoices.value })
    .from(invoices)
    .where(and(eq(invoices.gateway, name), eq(invoices.gatewayChargeId, verdict.chargeId)))
    .limit(1);
  if (!invoice) {
    platform.log.info({ gateway: name, chargeId: verdict.chargeId }, 'payment webhook for a charge of no invoice');
    return 'unknown-charge';
  }
  if (invoice.status === 'paid') return 'already-paid';
  let status;
  try {
    status = await gateway.readCharge(verdict.chargeId, {
      value: invoice.value,
      ...(verdict.readBack ? { readBack: verdict.readBack } : {}),
    });
  } catch (err) {
    platform.log.warn(
      { gateway: name, chargeId: verdict.chargeId, err: (err as Error).message },
      'payment read-back failed',
    );
    throw new AppError('ERR_PROVIDER_UNAVAILABLE');
  }
  if (status !== 'paid') return 'pending';
  await payInvoice(platform.db, invoice.tenantId, invoice.id, { userId: null, paidBy: name });
  return 'paid';
}
