// SECURITY-CRITICAL: the refresh cookie. httpOnly, SameSite=Strict, scoped to /auth.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.js';

export const REFRESH_COOKIE = 'prosa_rt';

export function setRefreshCookie(reply: FastifyReply, config: Config, sessionId: string, secret: string): void {
  reply.setCookie(REFRESH_COOKIE, `${sessionId}.${secret}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    path: '/auth',
    maxAge: config.refreshTokenTtl,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
}

export function readRefreshCookie(req: FastifyRequest): { sessionId: string; secret: string } | undefined {
  const raw = req.cookies[REFRESH_COOKIE];
  if (!raw) return undefined;
  const dot = raw.indexOf('.');
  if (dot <= 0) return undefined;
  const sessionId = raw.slice(0, dot);
  const secret = raw.slice(dot + 1);
  if (!/^[0-9a-f-]{36}$/.test(sessionId) || !secret) return undefined;
  return { sessionId, secret };
}
