// SECURITY-CRITICAL: verifies Meta's webhook signatures (WhatsApp Cloud API, Messenger, Instagram).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';

/**
 * `X-Hub-Signature-256: sha256=<hex>` is an HMAC-SHA256 of the raw request body with the app
 * secret. Checked over the exact bytes received (never a re-serialised body), in constant time.
 */
export function verifyHubSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!appSecret || !header || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A signed webhook request of a known channel, or ERR_WEBHOOK_SIGNATURE (nothing is stored): the
 * channel and its app secret must exist and `X-Hub-Signature-256` must match the raw body.
 */
export function assertHubSigned(
  req: { rawBody?: Buffer; headers: Record<string, string | string[] | undefined> },
  appSecret: string | undefined,
): void {
  const header = req.headers['x-hub-signature-256'];
  if (
    !appSecret ||
    !req.rawBody ||
    !verifyHubSignature(req.rawBody, typeof header === 'string' ? header : undefined, appSecret)
  ) {
    throw new AppError('ERR_WEBHOOK_SIGNATURE');
  }
}

export function hubSignature(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Two secrets compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The path and query of Meta's webhook routes (`/webhooks/{type}/:key`, verification handshake). */
export const ZWebhookKeyParams = z.object({ key: z.string().max(200) });
export const ZHubHandshake = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/**
 * Meta's verification GET: answers the challenge as plain text only when the mode is subscribe
 * and the token is the channel's verify token (`undefined`: no such channel).
 */
export function answerHubHandshake(
  reply: FastifyReply,
  q: z.infer<typeof ZHubHandshake>,
  verifyToken: string | undefined,
) {
  const token = q['hub.verify_token'];
  if (verifyToken === undefined || q['hub.mode'] !== 'subscribe' || !token || !sameSecret(token, verifyToken))
    throw new AppError('ERR_NO_PERMISSION');
  return reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .send(q['hub.challenge'] ?? '');
}
