// SECURITY-CRITICAL: web chat visitor tokens. A visitor has no account: the token is the only
// proof of which conversation (tenant, channel, visitor id) a widget may read and write. It is
// signed with the platform secret and carries `typ: 'webchat'`, so it can never pass as a staff
// access token (which needs sub/sid/prf) and a staff token never passes here.
import { SignJWT, jwtVerify } from 'jose';

export const VISITOR_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface VisitorClaims {
  tenantId: number;
  channelId: number;
  visitorId: string;
  /** What the visitor told the widget; used for the contact's name and email. */
  name: string;
  email: string;
}

export async function signVisitorToken(claims: VisitorClaims, secret: Uint8Array): Promise<string> {
  return new SignJWT({
    tid: claims.tenantId,
    chid: claims.channelId,
    vid: claims.visitorId,
    typ: 'webchat',
    ...(claims.name ? { nm: claims.name } : {}),
    ...(claims.email ? { em: claims.email } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + VISITOR_TOKEN_TTL_SECONDS)
    .sign(secret);
}

/** The claims of a valid, unexpired visitor token, or null for anything else. */
export async function verifyVisitorToken(token: string | undefined, secret: Uint8Array): Promise<VisitorClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const tenantId = Number(payload.tid);
    const channelId = Number(payload.chid);
    const visitorId = typeof payload.vid === 'string' ? payload.vid : '';
    if (payload.typ !== 'webchat' || !Number.isInteger(tenantId) || tenantId <= 0) return null;
    if (!Number.isInteger(channelId) || channelId <= 0 || !/^[A-Za-z0-9-]{8,64}$/.test(visitorId)) return null;
    return {
      tenantId,
      channelId,
      visitorId,
      name: typeof payload.nm === 'string' ? payload.nm : '',
      email: typeof payload.em === 'string' ? payload.em : '',
    };
  } catch {
    return null;
  }
}
