// SECURITY-CRITICAL: the external API's door. A request is let in only with
// `Authorization: Bearer <token>` whose SHA-256 is the stored hash of the API configuration named
// in the path, that configuration active and its company active. The company comes from that row,
// never from the request. A token in the query string is refused (it would end up in logs and
// proxies). Every failure answers the same 401, so a caller learns nothing about other companies'
// configurations; nothing caches the match, so renewal and deactivation revoke at once.
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiConfigs, tenants } from '../../../platform/db/schema.js';
import { TenantScope, unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { bearerToken } from '../../../platform/http/authenticate.js';
import type { Platform } from '../../../platform/platform.js';
import type { ApiConfigRow } from '../api-configs.queries.js';
import { hashApiToken } from '../api-token.js';

export interface ApiCaller {
  config: ApiConfigRow;
  scope: TenantScope;
}

const callers = new WeakMap<FastifyRequest, ApiCaller>();

/** The caller a route's onRequest hook let in (throws if the hook did not run). */
export function callerOf(req: FastifyRequest): ApiCaller {
  const c = callers.get(req);
  if (!c) throw new AppError('ERR_SESSION_EXPIRED');
  return c;
}

/** A per-token bucket for @fastify/rate-limit: a wrong token never spends the right one's budget. */
export function rateKeyOf(req: FastifyRequest): string {
  const token = bearerToken(req);
  return `api:${(req.params as { apiId?: string }).apiId ?? ''}:${token ? hashApiToken(token).slice(0, 24) : req.ip}`;
}

export function externalAuth(platform: Platform) {
  return async (req: FastifyRequest): Promise<void> => {
    const query = req.raw.url?.split('?')[1] ?? '';
    if (new URLSearchParams(query).has('token')) throw new AppError('ERR_SESSION_EXPIRED');
    const token = bearerToken(req);
    const apiId = Number((req.params as { apiId?: string }).apiId);
    if (!token || !Number.isInteger(apiId) || apiId <= 0 || apiId > 2_147_483_647) throw new AppError('ERR_SESSION_EXPIRED');
    const [found] = await unsafeSystemDb(platform.db)
      .select({ config: apiConfigs, tenantStatus: tenants.status })
      .from(apiConfigs)
      .innerJoin(tenants, eq(tenants.id, apiConfigs.tenantId))
      .where(and(eq(apiConfigs.tokenHash, hashApiToken(token)), eq(apiConfigs.id, apiId)))
      .limit(1);
    if (!found || !found.config.active || found.tenantStatus !== 'active') throw new AppError('ERR_SESSION_EXPIRED');
    callers.set(req, {
      config: found.config,
      scope: new TenantScope(found.config.tenantId, platform.db.raw, platform.db),
    });
  };
}
