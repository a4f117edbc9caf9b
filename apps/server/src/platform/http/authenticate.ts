// SECURITY-CRITICAL: the auth hook. The tenant comes from the verified token and the live
// session row, once, here; nothing downstream reads a tenant id from the request.
import { OPERATOR_TENANT_ID, type Profile } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authSessions, settings, tenants, userChannels, userQueues, users } from '../db/schema.js';
import { TenantScope } from '../db/tenant-scope.js';
import { verifyAccessToken } from '../security/tokens.js';
import { epochCacheOf } from '../db/change-feed.js';
import type { Platform } from '../platform.js';
import { AppError } from './app-error.js';
import type { AccessRules, AuthContext, AuthLevel } from './auth-context.js';
import { graceDays, isPlanExpired } from './plan-expiry.js';

export function bearerToken(req: { headers: FastifyRequest['headers'] }): string | undefined {
  const h = req.headers.authorization;
  if (!h || !h.startsWith('Bearer ')) return undefined;
  return h.slice(7).trim() || undefined;
}

/**
 * The session with its user and tenant, with the user's rules (queues, wallet flag, the company's
 * settings: AccessRules). It runs on every request: its text is built once and it runs as a named
 * prepared statement (`runNamed`: planned once per connection, and on PGlite too), its rows read
 * as they come, without the ORM's row mapping.
 */
const SESSION_QUERY = new PgDialect().sqlToQuery(sql`select
    ${authSessions.revokedAt} is not null as "revoked",
    ${authSessions.expiresAt} as "expiresAt",
    ${users.id} as "userId",
    ${users.tenantId} as "tenantId",
    ${users.profile} as "profile",
    ${users.name} as "name",
    ${users.email} as "email",
    ${tenants.status} as "tenantStatus",
    ${tenants.dueDate}::text as "dueDate",
    ${tenants.timezone} as "timezone",
    ${users.ignoreWallet} as "ignoreWallet",
    coalesce((select json_agg(uq.queue_id) from ${userQueues} uq
      where uq.tenant_id = ${users.tenantId} and uq.user_id = ${users.id}), '[]'::json) as "queueIds",
    coalesce((select json_agg(uc.channel_id) from ${userChannels} uc
      where uc.tenant_id = ${users.tenantId} and uc.user_id = ${users.id}), '[]'::json) as "channelIds",
    coalesce((select json_object_agg(st.key, st.value) from ${settings} st
      where st.tenant_id = ${users.tenantId}), '{}'::json) as "settings"
  from ${authSessions}
  inner join ${users} on ${users.id} = ${authSessions.userId}
  inner join ${tenants} on ${tenants.id} = ${users.tenantId}
  where ${authSessions.id} = ${sql.placeholder('sessionId')}
  limit 1`).sql;

interface SessionRow {
  revoked: boolean;
  expiresAt: Date | string;
  userId: number;
  tenantId: number;
  profile: Profile;
  name: string;
  email: string;
  tenantStatus: string;
  dueDate: string | null;
  timezone: string;
  ignoreWallet: boolean;
  queueIds: number[] | string;
  channelIds: number[] | string;
  settings: Record<string, string> | string;
}

/** Resolves a token to a live session; used by HTTP and by the socket handshake. */
export async function resolveSession(platform: Platform, token: string | undefined) {
  if (!token) throw new AppError('ERR_SESSION_EXPIRED');
  const verified = await verifyAccessToken(token, platform.config.jwtSecret);
  if (!verified.ok) throw new AppError(verified.reason === 'expired' ? 'ERR_TOKEN_EXPIRED' : 'ERR_SESSION_EXPIRED');
  const { claims } = verified;
  const cache = epochCacheOf<CachedSession>(platform.db, 'sessions', SESSION_CACHE_MAX);
  const now = Date.now();
  const hit = cache.get(claims.sessionId, now);
  if (hit && hit.auth.userId === claims.userId && hit.auth.tenantId === claims.tenantId)
    return {
      auth: hit.auth,
      expired: isPlanExpired(hit.auth.tenantId, hit.dueDate, hit.timezone, await graceDays(platform.db)),
      rules: hit.rules,
    };
  // The epoch before the read: a change committed while it runs leaves the entry stale at once.
  const epoch = platform.db.changes.epoch(claims.tenantId);
  const [row] = (await platform.db.runNamed('auth_session', SESSION_QUERY, [claims.sessionId])) as unknown as (
    SessionRow | undefined
  )[];
  const expiresAt = row ? new Date(row.expiresAt).getTime() : 0;
  if (!row || row.revoked || expiresAt < now || row.userId !== claims.userId || row.tenantId !== claims.tenantId) {
    cache.delete(claims.sessionId);
    throw new AppError('ERR_SESSION_EXPIRED');
  }
  if (row.tenantStatus !== 'active') throw new AppError('ERR_TENANT_INACTIVE');
  const isAdmin = row.profile === 'admin' || platform.config.supportEmails.includes(row.email);
  const auth: AuthContext = Object.freeze({
    userId: row.userId,
    tenantId: row.tenantId,
    profile: row.profile,
    sessionId: claims.sessionId,
    name: row.name,
    email: row.email,
    isAdmin,
    isOperator: isAdmin && row.tenantId === OPERATOR_TENANT_ID,
  });
  const rules: AccessRules = Object.freeze({
    queueIds: Object.freeze(jsonOf(row.queueIds)) as number[],
    channelIds: Object.freeze(jsonOf(row.channelIds)) as number[],
    ignoreWallet: row.ignoreWallet,
    settings: Object.freeze(jsonOf(row.settings)),
  });
  cache.set(
    claims.sessionId,
    row.tenantId,
    epoch,
    { auth, rules, dueDate: row.dueDate, timezone: row.timezone },
    Math.min(now + SESSION_CACHE_MS, expiresAt),
  );
  return { auth, expired: isPlanExpired(row.tenantId, row.dueDate, row.timezone, await graceDays(platform.db)), rules };
}

/**
 * Sessions this instance resolved, by session id, while nothing they were read from changed (the
 * change feed's epoch of their company) and for SESSION_CACHE_MS at most: every request but the
 * first of a while skips the session query. Revoking a session, changing a user, their queues or
 * channels, the company's settings, status or due date moves the epoch (change-feed.ts); the
 * due date is compared with today on every request. While the feed cannot hear changes (its
 * connection is down) the query runs every time.
 */
interface CachedSession {
  auth: AuthContext;
  rules: AccessRules;
  dueDate: string | null;
  timezone: string;
}
const SESSION_CACHE_MS = 60_000;
const SESSION_CACHE_MAX = 10_000;

/** node-postgres and PGlite parse json columns; a driver that does not gives text. */
function jsonOf<T>(v: T | string): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

function allowed(level: AuthLevel, auth: AuthContext): boolean {
  switch (level) {
    case 'public':
    case 'user':
      return true;
    case 'supervisor':
      return auth.isAdmin || auth.profile === 'supervisor' || auth.profile === 'supervisorfila';
    case 'admin':
      return auth.isAdmin;
    case 'operator':
      return auth.isOperator;
  }
}

let publicRegistrations = 0;

/** Registers a third-party plugin whose routes are all public (static files, API docs). */
export async function registerPublicPlugin(register: () => PromiseLike<unknown>): Promise<void> {
  publicRegistrations++;
  try {
    await register();
  } finally {
    publicRegistrations--;
  }
}

export function registerAuth(app: FastifyInstance, platform: Platform): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('scope', null as unknown as TenantScope);
  app.addHook('onRoute', (route) => {
    if (route.config?.auth) return;
    if (publicRegistrations > 0) {
      route.config = { ...route.config, auth: 'public' };
      return;
    }
    throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.auth`);
  });
  // onRequest, before body validation: no token answers 401 and a wrong profile 403, whatever the body.
  app.addHook('onRequest', async (req) => {
    const level = req.routeOptions.config?.auth ?? 'public';
    if (level === 'public') return;
    const { auth, expired, rules } = await resolveSession(platform, bearerToken(req));
    // The rules hold for this request only (sockets live long: they read them fresh).
    req.auth = { ...auth, rules };
    req.scope = new TenantScope(auth.tenantId, platform.db.raw, platform.db);
    if (expired && !req.routeOptions.config?.allowExpired) throw new AppError('ERR_PLAN_EXPIRED');
    if (!allowed(level, auth)) throw new AppError('ERR_NO_PERMISSION');
  });
}
