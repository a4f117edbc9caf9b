/**
 * Invoices (SPEC §3 Invoice, §7; DOMAIN.md "Billing"): one per company and period, generated ahead
 * of the company's due date from its plan's value and recurrence; open, paid or overdue. A company
 * pays by Pix (the operator's key: a BR Code "copia e cola" and its QR code) and the operator
 * confirms it, or through a payment gateway.
 */
import { z } from 'zod';
import { AVAILABLE_PAYMENT_GATEWAYS, RECURRENCES } from '../enums.js';
import { V, ZIsoDate } from './common.js';

export const INVOICE_STATUSES = ['open', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Days before a company's due date its invoice for the next period is generated. */
export const INVOICE_LEAD_DAYS = 10;

export const ZInvoice = z.object({
  id: z.number(),
  tenantId: z.number(),
  planName: z.string(),
  recurrence: z.enum(RECURRENCES),
  value: z.number(),
  /** The due date this invoice pays: the company's due date when it was generated. */
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  paidAt: z.string().nullable(),
  /** Who confirmed the payment: the operator, or a gateway's name. */
  paidBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof ZInvoice>;

export const ZInvoiceListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});
export const INVOICE_PAGE_SIZE = 24;
export const ZInvoicePage = z.object({
  invoices: z.array(ZInvoice),
  count: z.number(),
  hasMore: z.boolean(),
  /** How "Pay" works now: the active gateway's charge (`POST /invoices/{id}/charge`), or null: Pix by the operator's key. */
  gateway: z.enum(AVAILABLE_PAYMENT_GATEWAYS).nullable(),
});
export type InvoicePage = z.infer<typeof ZInvoicePage>;

/** `GET /invoices/{id}/pix`: how to pay an open or overdue invoice by Pix without a gateway. */
export const ZInvoicePix = z.object({
  invoiceId: z.number(),
  value: z.number(),
  /** The EMV BR Code ("Pix copia e cola") with its CRC16: what the QR code encodes. */
  brCode: z.string(),
  txid: z.string(),
  /** Who receives (the operator's Pix name) and the key, shown beside the code. */
  receiver: z.string(),
  pixKey: z.string(),
});
export type InvoicePix = z.infer<typeof ZInvoicePix>;

/**
 * The operator's change to an invoice: mark it paid, or change its due date or value (each
 * change with the reason kept in the invoice's log).
 */
export const ZAdminInvoiceUpdate = z
  .object({
    status: z.literal('paid').optional(),
    dueDate: ZIsoDate.optional(),
    value: z.coerce.number({ error: V.number }).min(0, V.invalidValue).max(1_000_000, V.max).optional(),
    reason: z.string().trim().max(500, V.max).default(''),
  })
  .refine((u) => u.status !== undefined || u.dueDate !== undefined || u.value !== undefined, {
    message: V.required,
    path: ['status'],
  })
  .refine((u) => (u.dueDate === undefined && u.value === undefined) || u.reason !== '', {
    message: V.required,
    path: ['reason'],
  });
export type AdminInvoiceUpdate = z.infer<typeof ZAdminInvoiceUpdate>;

/**
 * `POST /invoices/{id}/charge`: the active gateway's charge for an invoice, to pay it there: a Pix
 * QR code and "copia e cola" (Mercado Pago) or a checkout page to go to (Stripe).
 */
export const ZInvoiceCharge = z.object({
  invoiceId: z.number(),
  gateway: z.enum(AVAILABLE_PAYMENT_GATEWAYS),
  /** The gateway's id of the charge (a Mercado Pago payment, a Stripe Checkout Session). */
  chargeId: z.string(),
  value: z.number(),
  pixCopyPaste: z.string().nullable(),
  /** The Pix QR code as a PNG, base64 (no data: prefix), as the gateway drew it. */
  pixQrBase64: z.string().nullable(),
  checkoutUrl: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type InvoiceCharge = z.infer<typeof ZInvoiceCharge>;
