/**
 * Webhook payloads as the WhatsApp Cloud API sends them (object whatsapp_business_account,
 * entry[].changes[].value with metadata, contacts, messages or statuses), for the stand-in and
 * the tests.
 */
import { randomBytes } from 'node:crypto';
import { graphWebhook } from '../../testing/graph-webhook.js';

export interface Business {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
}

export const newWamid = () => `wamid.${randomBytes(27).toString('base64')}`;
const now = (at = new Date()) => String(Math.floor(at.getTime() / 1000));

export function envelope(business: Business, value: Record<string, unknown>, field = 'messages') {
  const metadata = { display_phone_number: business.displayPhoneNumber, phone_number_id: business.phoneNumberId };
  return graphWebhook('whatsapp_business_account', business.wabaId, {
    changes: [{ field, value: { messaging_product: 'whatsapp', metadata, ...value } }],
  });
}

export const newCallId = () => `wacid.${randomBytes(24).toString('base64url')}`;

/**
 * A person calling the business (the Calling API's user-initiated call): field `calls`, value.calls
 * [{ id: the call id, from: the caller, to: the business number, event: 'connect', timestamp,
 * direction: 'USER_INITIATED', session: { sdp_type: 'offer', sdp } }] with the caller's profile in
 * value.contacts.
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls
 */
export function callConnectPayload(business: Business, opts: { from: string; name?: string; id?: string; at?: Date }) {
  const id = opts.id ?? newCallId();
  const sdp = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';
  return {
    id,
    payload: envelope(
      business,
      {
        contacts: [{ profile: { name: opts.name ?? opts.from }, wa_id: opts.from }],
        calls: [
          {
            id,
            from: opts.from,
            to: business.displayPhoneNumber,
            event: 'connect',
            timestamp: now(opts.at),
            direction: 'USER_INITIATED',
            session: { sdp_type: 'offer', sdp },
          },
        ],
      },
      'calls',
    ),
  };
}

/** One customer message (`message` holds type and its object: { type: 'text', text: {...} }). */
export function messagePayload(
  business: Business,
  opts: { from: string; name?: string; id?: string; context?: string; at?: Date; message: Record<string, unknown> },
) {
  const id = opts.id ?? newWamid();
  return {
    id,
    payload: envelope(business, {
      contacts: [{ profile: { name: opts.name ?? opts.from }, wa_id: opts.from }],
      messages: [
        {
          ...(opts.context ? { context: { from: business.displayPhoneNumber, id: opts.context } } : {}),
          from: opts.from,
          id,
          timestamp: now(opts.at),
          ...opts.message,
        },
      ],
    }),
  };
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** A status of a message the business sent; `failed` carries Meta's error object. */
export function statusPayload(
  business: Business,
  opts: {
    id: string;
    status: DeliveryStatus;
    recipient: string;
    error?: { code: number; title: string; details?: string };
  },
) {
  const error = opts.error ?? { code: 131026, title: 'Message undeliverable' };
  return envelope(business, {
    statuses: [
      {
        id: opts.id,
        status: opts.status,
        timestamp: now(),
        recipient_id: opts.recipient,
        ...(opts.status === 'failed'
          ? {
              errors: [
                {
                  code: error.code,
                  title: error.title,
                  message: error.title,
                  error_data: { details: error.details ?? error.title },
                  href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
                },
              ],
            }
          : {
              conversation: {
                id: randomBytes(16).toString('hex'),
                ...(opts.status === 'sent' ? { expiration_timestamp: String(Number(now()) + 86_400) } : {}),
                origin: { type: 'service' },
              },
              pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
            }),
      },
    ],
  });
}
