/**
 * `POST /invoices/{id}/charge`: the active gateway's charge for an invoice. The charge made before
 * is answered again while it is payable (same gateway, same value, more than a few minutes left);
 * otherwise a new one is made, with an idempotency key per invoice, value and attempt, so two
 * clicks at once make one charge at the gateway. The value always comes from the invoice row.
 */
import type { InvoiceCharge } from '@prosa/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { invoices } from '../../../platform/db/schema.js';
import type { StoredCharge } from '../../../platform/db/schema-billing.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { getOwnTenant } from '../../tenants/tenants.queries.js';
import { GatewayError } from '../gateways/gateway.js';
import { activeGatewayName, loadGateway } from '../gateways/registry.js';
import { getInvoice, type InvoiceRow } from '../invoices.queries.js';

/** How long a new charge stays payable (Stripe's Checkout Sessions allow at most 24 hours). */
export const CHARGE_TTL_MS = 23 * 3_600_000;
/** A charge this close to its end is made again rather than shown. */
const REUSE_MARGIN_MS = 10 * 60_000;

export function presentCharge(r: InvoiceRow): InvoiceCharge | null {
  if (!r.gateway || !r.gatewayChargeId || !r.gatewayCharge) return null;
  return {
    invoiceId: r.id,
    gateway: r.gateway,
    chargeId: r.gatewayChargeId,
    value: r.gatewayCharge.value,
    pixCopyPaste: r.gatewayCharge.pixCopyPaste,
    pixQrBase64: r.gatewayCharge.pixQrBase64,
    checkoutUrl: r.gatewayCharge.checkoutUrl,
    expiresAt: r.gatewayChargeExpiresAt?.toISOString() ?? null,
  };
}

export async function chargeInvoice(
  platform: Platform,
  scope: TenantScope,
  invoiceId: number,
  opts: { payerEmail: string; returnUrl: string },
  now = new Date(),
): Promise<InvoiceCharge> {
  const invoice = await getInvoice(scope, invoiceId);
  if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_PAID');
  const name = await activeGatewayName(platform);
  const gateway = name ? await loadGateway(platform, name) : null;
  if (!name || !gateway) throw new AppError('ERR_GATEWAY_NOT_CONFIGURED');

  const current = presentCharge(invoice);
  if (
    current &&
    current.gateway === name &&
    current.value === invoice.value &&
    invoice.gatewayChargeExpiresAt &&
    invoice.gatewayChargeExpiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS
  ) {
    return current;
  }

  const company = await getOwnTenant(scope);
  const publicUrl = platform.config.publicUrl?.replace(/\/+$/, '');
  let created;
  try {
    created = await gateway.createCharge({
      invoice: {
        id: invoice.id,
        tenantId: invoice.tenantId,
        value: invoice.value,
        dueDate: invoice.dueDate,
        planName: invoice.planName,
      },
      company: { id: company.id, name: company.name, email: company.email || opts.payerEmail },
      idempotencyKey: `prosa-invoice-${invoice.id}-${Math.round(invoice.value * 100)}-${invoice.gatewayChargeId ?? 'first'}`,
      expiresAt: new Date(now.getTime() + CHARGE_TTL_MS),
      returnUrl: opts.returnUrl,
      webhookUrl: publicUrl?.startsWith('https://') ? `${publicUrl}/subscription/payment/webhook/${name}` : null,
    });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    platform.log.warn({ gateway: name, invoiceId, status: err.status, err: err.message }, 'gateway refused the charge');
    throw new AppError('ERR_GATEWAY_REFUSED');
  }
  const stored: StoredCharge = {
    value: invoice.value,
    pixCopyPaste: created.pixCopyPaste ?? null,
    pixQrBase64: created.pixQrBase64 ?? null,
    checkoutUrl: created.checkoutUrl ?? null,
  };
  const [row] = await scope.update(
    invoices,
    {
      gateway: name,
      gatewayChargeId: created.chargeId,
      gatewayCharge: stored,
      gatewayChargeExpiresAt: created.expiresAt ?? new Date(now.getTime() + CHARGE_TTL_MS),
      updatedAt: now,
    },
    // Paid meanwhile (the operator, another charge's webhook): nothing to charge any more.
    and(eq(invoices.id, invoice.id), ne(invoices.status, 'paid'))!,
  );
  if (!row) throw new AppError('ERR_INVOICE_PAID');
  return presentCharge(row)!;
}
