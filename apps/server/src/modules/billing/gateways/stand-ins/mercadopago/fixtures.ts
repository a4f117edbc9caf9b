/**
 * Mercado Pago's bodies as its public API reference shows them, for the stand-in:
 *  - a Pix payment (`POST /v1/payments` and `GET /v1/payments/{id}`):
 *    https://www.mercadopago.com.br/developers/en/reference/payments/_payments/post and
 *    https://www.mercadopago.com.br/developers/en/reference/payments/_payments_id/get, the Pix
 *    fields (`payment_type_id: 'bank_transfer'`, `status_detail: 'pending_waiting_transfer'`,
 *    `point_of_interaction.transaction_data.qr_code`, `qr_code_base64`, `ticket_url`) from
 *    https://www.mercadopago.com.br/developers/en/docs/checkout-api/integration-configuration/integrate-pix;
 *  - a webhook notification (body, `?data.id=&type=payment`, `x-signature`, `x-request-id`):
 *    https://www.mercadopago.com.br/developers/en/docs/your-integrations/notifications/webhooks;
 *  - errors `{ message, error, status, cause: [{ code, description, data }] }`, as the payments
 *    reference answers them (400 `payer.email must be a valid email`, code 4050; 401 invalid token).
 */
import { createHmac } from 'node:crypto';

export interface StandInPayment {
  id: number;
  amount: number;
  description: string;
  externalReference: string | null;
  payerEmail: string;
  notificationUrl: string | null;
  metadata: Record<string, unknown>;
  status: 'pending' | 'approved' | 'cancelled';
  createdAt: Date;
  approvedAt: Date | null;
  expiresAt: string;
  qrCode: string;
  qrCodeBase64: string;
}

/** The collector (the operator's account) of every stand-in payment. */
export const COLLECTOR_ID = 1_987_654_321;

/** MP's dates (`yyyy-MM-dd'T'HH:mm:ss.SSSz`), in Brasília time as its examples are. */
const mpDate = (d: Date) => new Date(d.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');

export function paymentBody(p: StandInPayment, base: string) {
  const approved = p.status === 'approved';
  return {
    id: p.id,
    date_created: mpDate(p.createdAt),
    date_approved: p.approvedAt ? mpDate(p.approvedAt) : null,
    date_last_updated: mpDate(p.approvedAt ?? p.createdAt),
    date_of_expiration: p.expiresAt,
    money_release_date: p.approvedAt ? mpDate(p.approvedAt) : null,
    money_release_status: approved ? 'released' : null,
    operation_type: 'regular_payment',
    issuer_id: '12501',
    payment_method_id: 'pix',
    payment_type_id: 'bank_transfer',
    payment_method: { id: 'pix', type: 'bank_transfer', issuer_id: '12501' },
    status: p.status,
    status_detail: approved ? 'accredited' : p.status === 'cancelled' ? 'expired' : 'pending_waiting_transfer',
    currency_id: 'BRL',
    description: p.description,
    live_mode: false,
    sponsor_id: null,
    authorization_code: null,
    money_release_schema: null,
    taxes_amount: 0,
    counter_currency: null,
    shipping_amount: 0,
    pos_id: null,
    store_id: null,
    integrator_id: null,
    platform_id: null,
    corporation_id: null,
    collector_id: COLLECTOR_ID,
    payer: {
      type: null,
      id: null,
      operator_id: null,
      email: p.payerEmail,
      identification: { type: null, number: null },
      phone: { area_code: null, number: null, extension: null },
      first_name: null,
      last_name: null,
      entity_type: null,
    },
    marketplace_owner: null,
    metadata: p.metadata,
    additional_info: { available_balance: null, nsu_processadora: null, authentication_code: null },
    order: {},
    external_reference: p.externalReference,
    transaction_amount: p.amount,
    transaction_amount_refunded: 0,
    coupon_amount: 0,
    differential_pricing_id: null,
    deduction_schema: null,
    installments: 1,
    transaction_details: {
      payment_method_reference_id: null,
      net_received_amount: approved ? Math.round(p.amount * 99) / 100 : 0,
      total_paid_amount: p.amount,
      overpaid_amount: 0,
      external_resource_url: null,
      installment_amount: 0,
      financial_institution: null,
      payable_deferral_period: null,
      acquirer_reference: null,
      bank_transfer_id: approved ? p.id + 7_000_000 : null,
      transaction_id: approved ? `PIXE${p.id}` : null,
    },
    fee_details: approved
      ? [{ type: 'mercadopago_fee', amount: Math.round(p.amount) / 100, fee_payer: 'collector' }]
      : [],
    charges_details: [],
    captured: true,
    binary_mode: false,
    call_for_authorize_id: null,
    statement_descriptor: null,
    card: {},
    notification_url: p.notificationUrl,
    refunds: [],
    processing_mode: 'aggregator',
    merchant_account_id: null,
    merchant_number: null,
    acquirer_reconciliation: [],
    point_of_interaction: {
      type: 'OPENPLATFORM',
      business_info: { unit: 'online_payments', sub_unit: 'default', branch: null },
      location: { state_id: null, source: null },
      application_data: { name: null, version: null },
      transaction_data: {
        qr_code: p.qrCode,
        qr_code_base64: p.qrCodeBase64,
        ticket_url: `${base}/sandbox/payments/${p.id}`,
        bank_transfer_id: approved ? p.id + 7_000_000 : null,
        transaction_id: approved ? `PIXE${p.id}` : null,
        e2e_id: null,
        financial_institution: null,
        bank_info: {
          payer: { account_id: null, id: null, long_name: null, account_holder_name: null },
          collector: {
            account_id: null,
            long_name: null,
            account_holder_name: 'Prosa Plataforma',
            transfer_account_id: null,
          },
          is_same_bank_account_owner: null,
          origin_bank_id: null,
          origin_wallet_id: null,
        },
      },
    },
    accounts_info: null,
    release_info: null,
    tags: null,
  };
}

export const mpError = (
  status: number,
  error: string,
  message: string,
  cause: { code: number | string; description: string }[] = [],
) => ({
  message,
  error,
  status,
  cause: cause.map((c) => ({ ...c, data: null })),
});

/** The notification body of the webhooks page for a payment that changed. */
export function webhookBody(paymentId: number, notificationId: number) {
  return {
    action: 'payment.updated',
    api_version: 'v1',
    data: { id: String(paymentId) },
    date_created: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    id: notificationId,
    live_mode: false,
    type: 'payment',
    user_id: COLLECTOR_ID,
  };
}

/** `x-signature: ts={seconds},v1={HMAC-SHA256 hex of "id:{data.id};request-id:{x-request-id};ts:{ts};"}`. */
export function signature(secret: string, dataId: string, requestId: string, ts: number): string {
  const manifest = `id:${dataId};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}
