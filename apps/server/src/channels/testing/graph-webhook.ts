/**
 * The envelope every Graph API webhook shares (Messenger and Instagram, WhatsApp Cloud API):
 * `{ object, entry: [{ id, time?, messaging[] | changes[] }] }`. Both stand-ins (meta/stand-in,
 * waba/stand-in) build their payloads in it.
 */
import { randomBytes } from 'node:crypto';
import { hubSignature } from '../shared/hub-signature.js';

export type GraphWebhookContent =
  { messaging: Record<string, unknown>[] } | { changes: { field: string; value: Record<string, unknown> }[] };

export function graphWebhook(object: string, id: string, content: GraphWebhookContent, time?: number) {
  return { object, entry: [{ id, ...(time === undefined ? {} : { time }), ...content }] };
}

/** What a webhook call of a stand-in got back from Prosa. */
export interface WebhookDelivery {
  status: number;
  body: string;
}

/** POSTs a webhook as Meta does: the JSON body signed with the app secret (`x-hub-signature-256`). */
export async function postGraphWebhook(
  url: string,
  payload: unknown,
  appSecret: string,
  signature?: string,
): Promise<WebhookDelivery> {
  const raw = JSON.stringify(payload);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? hubSignature(raw, appSecret) },
    body: raw,
  });
  return { status: res.status, body: await res.text() };
}

/** The subscription check Meta makes before it sends webhooks (GET with hub.mode, hub.challenge, hub.verify_token). */
export async function verifyGraphWebhook(
  target: string,
  verifyToken: string,
  challenge = String(randomBytes(4).readUInt32BE()),
): Promise<WebhookDelivery> {
  const url = new URL(target);
  url.searchParams.set('hub.mode', 'subscribe');
  url.searchParams.set('hub.challenge', challenge);
  url.searchParams.set('hub.verify_token', verifyToken);
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
}
