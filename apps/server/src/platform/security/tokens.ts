// SECURITY-CRITICAL: access tokens (short-lived JWT) and refresh secrets (random, stored hashed).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Profile } from '@prosa/contracts';

export interface AccessClaims {
  userId: number;
  tenantId: number;
  profile: Profile;
  sessionId: string;
}

export async function signAccessToken(claims: AccessClaims, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  return new SignJWT({ tid: claims.tenantId, prf: claims.profile, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Tokens whose signature was already checked, per secret, until they expire: every request and
 * socket of a session presents the same token, and its HMAC check is the costliest step of
 * authentication. A hit still checks the expiry; the session row is still read per request.
 */
const verified = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expMs: number }>>();
const VERIFIED_MAX = 10_000;

export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<VerifyResult> {
  let cache = verified.get(secret);
  const hit = cache?.get(token);
  if (hit) {
    if (hit.expMs > Date.now()) return { ok: true, claims: hit.claims };
    cache!.delete(token);
    return { ok: false, reason: 'expired' };
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const tenantId = Number(payload.tid);
    const sessionId = typeof payload.sid === 'string' ? payload.sid : '';
    const profile = payload.prf as Profile;
    if (!userId || !tenantId || !sessionId || !profile || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    const claims = { userId, tenantId, sessionId, profile };
    if (!cache) verified.set(secret, (cache = new Map()));
    // Oldest first out (a Map iterates in insertion order).
    if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value!);
    cache.set(token, { claims, expMs: payload.exp * 1000 });
    return { ok: true, claims };
  } catch (e) {
    if (e instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * A refresh secret is `random.mac`, the mac binding the random part to its session under the
 * server key. Only the newest secret's hash is stored, yet any secret this server ever issued for
 * the session is recognised by its mac: an old one coming back is a stolen copy (reuse), while a
 * made-up one (anyone can read the session id in an access token) is merely wrong.
 */
export function newRefreshSecret(sessionId: string, key: Uint8Array): string {
  const random = newSecret();
  return `${random}.${refreshMac(sessionId, random, key)}`;
}

/** True when `secret` was issued by this server for `sessionId` (whether current or not). */
export function isIssuedRefreshSecret(sessionId: string, secret: string, key: Uint8Array): boolean {
  const dot = secret.indexOf('.');
  if (dot <= 0) return false;
  return sameHash(secret.slice(dot + 1), refreshMac(sessionId, secret.slice(0, dot), key));
}

function refreshMac(sessionId: string, random: string, key: Uint8Array): string {
  return createHmac('sha256', key).update(`refresh:${sessionId}:${random}`).digest('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
