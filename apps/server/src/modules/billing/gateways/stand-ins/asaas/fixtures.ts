/**
 * Asaas's bodies as its public documentation shows them, for the stand-in:
 *  - a payment link (`POST /v3/paymentLinks`; `name`, `value`, `billingType`, `chargeType:
 *    'DETACHED'`, `dueDateLimitDays`, `endDate`, `externalReference`, `notificationEnabled`,
 *    `callback.successUrl`; answered with its `id` and `url`):
 *    https://docs.asaas.com/reference/create-a-payment-link and
 *    https://docs.asaas.com/docs/criando-um-link-de-pagamentos;
 *  - the payment a payer makes through it (`GET /v3/payments/{id}`: `object: 'payment'`, `id:
 *    'pay_...'`, `paymentLink`, `billingType: 'PIX'`, `status` PENDING / RECEIVED / CONFIRMED...):
 *    the `payment` of the events on https://docs.asaas.com/docs/webhook-para-cobrancas (it carries
 *    `paymentLink` for a payment made through a link);
 *  - a webhook event (`{ id: 'evt_...', event: 'PAYMENT_RECEIVED', dateCreated, payment }`, the
 *    `asaas-access-token` header carrying the auth token set on the webhook):
 *    https://docs.asaas.com/docs/receba-eventos-do-asaas-no-seu-endpoint-de-webhook,
 *    https://docs.asaas.com/docs/webhook-para-cobrancas (the PAYMENT_* events) and
 *    https://docs.asaas.com/docs/duvidas-frequentes-webhooks ("Token de Autenticação");
 *  - errors `{ errors: [{ code, description }] }` (400 `invalid_value`, 401 without a valid
 *    `access_token` header): https://docs.asaas.com/docs/authentication-2.
 */

export type AsaasPaymentStatus = 'PENDING' | 'RECEIVED' | 'CONFIRMED' | 'OVERDUE' | 'REFUNDED';

export interface StandInLink {
  id: string;
  name: string;
  description: string;
  value: number;
  endDate: string | null;
  dueDateLimitDays: number;
  externalReference: string | null;
  successUrl: string | null;
  active: boolean;
}

export interface StandInAsaasPayment {
  id: string;
  paymentLink: string;
  value: number;
  status: AsaasPaymentStatus;
  dateCreated: string;
  dueDate: string;
  paymentDate: string | null;
  externalReference: string | null;
}

/** Asaas's date (`YYYY-MM-DD`) in Brasília time. */
export const asaasDate = (d: Date) => new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
/** Asaas's event time (`2024-06-12 16:45:03`). */
const asaasDateTime = (d: Date) => new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export function paymentLinkBody(l: StandInLink, base: string) {
  return {
    id: l.id,
    name: l.name,
    value: l.value,
    active: l.active,
    chargeType: 'DETACHED',
    url: `${base}/c/${l.id}`,
    billingType: 'PIX',
    subscriptionCycle: null,
    description: l.description,
    endDate: l.endDate,
    deleted: false,
    viewCount: 0,
    maxInstallmentCount: 1,
    dueDateLimitDays: l.dueDateLimitDays,
    notificationEnabled: false,
    isAddressRequired: false,
    externalReference: l.externalReference,
  };
}

export function paymentBody(p: StandInAsaasPayment, base: string) {
  const paid = p.status === 'RECEIVED' || p.status === 'CONFIRMED';
  const number = p.id.replace(/^pay_/, '');
  return {
    object: 'payment',
    id: p.id,
    dateCreated: p.dateCreated,
    customer: 'cus_000005219613',
    paymentLink: p.paymentLink,
    value: p.value,
    netValue: Math.round(p.value * 100 - 99) / 100,
    originalValue: null,
    interestValue: null,
    description: null,
    billingType: 'PIX',
    pixTransaction: paid ? `pix_${number}` : null,
    status: p.status,
    dueDate: p.dueDate,
    originalDueDate: p.dueDate,
    paymentDate: p.paymentDate,
    clientPaymentDate: p.paymentDate,
    installmentNumber: null,
    invoiceUrl: `${base}/i/${number}`,
    invoiceNumber: number.slice(-8),
    externalReference: p.externalReference,
    deleted: false,
    anticipated: false,
    anticipable: false,
    creditDate: p.paymentDate,
    estimatedCreditDate: p.paymentDate,
    transactionReceiptUrl: paid ? `${base}/comprovantes/${number}` : null,
    nossoNumero: null,
    bankSlipUrl: null,
    lastInvoiceViewedDate: null,
    lastBankSlipViewedDate: null,
    discount: { value: 0, limitDate: null, dueDateLimitDays: 0, type: 'FIXED' },
    fine: { value: 0, type: 'FIXED' },
    interest: { value: 0, type: 'PERCENTAGE' },
    postalService: false,
    custody: null,
    refunds: null,
  };
}

/** The event the webhooks page shows, for a payment of a payment link. */
export function eventBody(event: string, p: StandInAsaasPayment, base: string, when = new Date()) {
  return {
    id: `evt_${p.id.replace(/^pay_/, '').padStart(32, '0')}&${Math.floor(when.getTime() / 1000)}`,
    event,
    dateCreated: asaasDateTime(when),
    payment: paymentBody(p, base),
  };
}

export const asaasError = (code: string, description: string) => ({ errors: [{ code, description }] });
