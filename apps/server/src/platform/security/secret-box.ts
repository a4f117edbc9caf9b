// SECURITY-CRITICAL: secrets kept at rest (integration API keys, voice keys).
/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's encryption secret
 * (`ENCRYPTION_SECRET`, else generated once and kept like the JWT secret: DATA_DIR, or the
 * database on PostgreSQL). A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url); the
 * authentication tag makes a changed or foreign value fail to open instead of decrypting to junk.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'prosa', 'secret-box v1', 32));
    keys.set(secret, key);
  }
  return key;
}

export function seal(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The plain text of a sealed value; throws when it was changed or sealed under another secret. */
export function open(sealed: string, secret: string): string {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || iv === undefined || tag === undefined || data === undefined) throw new Error('secret-box: not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** What a screen may show of a secret: its last 4 characters. */
export const lastFour = (plain: string | null): string | null => (plain ? plain.slice(-4) : null);
