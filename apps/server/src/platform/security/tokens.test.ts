import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.js';

const secret = new TextEncoder().encode('a-test-secret-of-enough-length-0123456789');
const claims = { userId: 7, tenantId: 2, profile: 'user' as const, sessionId: 's-1' };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('a verified token keeps verifying until it expires, then answers expired (also from the cache)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const token = await signAccessToken(claims, secret, 60);
    expect(await verifyAccessToken(token, secret)).toEqual({ ok: true, claims });
    vi.setSystemTime(new Date('2026-01-01T00:00:59Z'));
    expect(await verifyAccessToken(token, secret)).toEqual({ ok: true, claims });
    vi.setSystemTime(new Date('2026-01-01T00:01:01Z'));
    expect(await verifyAccessToken(token, secret)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyAccessToken(token, secret)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a token verified under one secret is not accepted under another, and a tampered one never', async () => {
    const token = await signAccessToken(claims, secret, 60);
    expect((await verifyAccessToken(token, secret)).ok).toBe(true);
    const other = new TextEncoder().encode('another-secret-of-enough-length-9876543210');
    expect(await verifyAccessToken(token, other)).toEqual({ ok: false, reason: 'invalid' });
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), tid: 3 })).toString('base64url')}.${s}`;
    expect(await verifyAccessToken(tampered, secret)).toEqual({ ok: false, reason: 'invalid' });
  });
});
