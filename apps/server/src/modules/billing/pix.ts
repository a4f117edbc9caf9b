/**
 * Pix without a gateway (DOMAIN.md "Billing"): the operator's key, name and city in platform
 * settings; an invoice's BR Code ("Pix copia e cola") is the static EMV payload of pix-utils with
 * the invoice's value and a txid of its own, ending in its CRC16. The operator confirms the payment.
 */
import type { InvoicePix } from '@prosa/contracts';
import { createStaticPix, hasError } from 'pix-utils';
import type { Database } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { getPlatformSetting } from '../admin/platform-settings.queries.js';
import type { InvoiceRow } from './invoices.queries.js';

/** The txid of an invoice: letters and digits only, at most 25 (the BR Code's rule). */
export const invoiceTxid = (invoiceId: number) => `PROSA${invoiceId}`;

/** Letters without accents, digits and spaces: what a BR Code's name and city may hold. */
const plain = (s: string, max: number) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .trim()
    .slice(0, max);

export async function invoicePix(db: Database, invoice: InvoiceRow): Promise<InvoicePix> {
  if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_PAID');
  const [pixKey, pixName, pixCity] = await Promise.all([
    getPlatformSetting(db, 'pixKey'),
    getPlatformSetting(db, 'pixName'),
    getPlatformSetting(db, 'pixCity'),
  ]);
  if (!pixKey.trim()) throw new AppError('ERR_PIX_NOT_CONFIGURED');
  const receiver = plain(pixName, 25) || 'Prosa';
  const txid = invoiceTxid(invoice.id);
  const pix = createStaticPix({
    merchantName: receiver,
    merchantCity: plain(pixCity, 15) || 'Sao Paulo',
    pixKey: pixKey.trim(),
    infoAdicional: `Fatura ${invoice.id}`,
    transactionAmount: invoice.value,
    txid,
  });
  if (hasError(pix)) throw new AppError('ERR_PIX_NOT_CONFIGURED');
  return { invoiceId: invoice.id, value: invoice.value, brCode: pix.toBRCode(), txid, receiver, pixKey: pixKey.trim() };
}
