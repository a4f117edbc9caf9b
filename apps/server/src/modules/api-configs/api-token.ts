/**
 * API tokens: 32 random bytes, base64url, after a recognisable prefix (`prosa_`, so secret
 * scanners and people can tell one). Only their SHA-256 is stored: a token of 256 random bits cannot
 * be guessed from its hash, so a slow password hash would only cost time on every request.
 * Compared in constant time.
 */
import { API_TOKEN_PREFIX } from '@prosa/contracts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newApiToken(): { token: string; hash: string; last4: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token), last4: token.slice(-4) };
}

/** The secret the hooks are signed with (HMAC-SHA256), shown with the token. */
export const newHookSecret = () => `hs_${randomBytes(24).toString('base64url')}`;

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
