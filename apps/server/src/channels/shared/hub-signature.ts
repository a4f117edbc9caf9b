// SECURITY-CRITICAL: verifies Meta's webhook signatures (WhatsApp Cloud API, Messenger, Instagram).
import { createHmac, timingSafeEqual } from 'node:crypto';

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

export function hubSignature(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}
