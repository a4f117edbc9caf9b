import { eq } from 'drizzle-orm';
import { apiConfigs } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { forgetApiHooks } from '../api-hooks.cache.js';
import { getApiConfig } from '../api-configs.queries.js';
import { newApiToken, newHookSecret } from '../api-token.js';

/**
 * A new token and hook secret, answered once; the old token stops working with this write (every
 * external request reads the stored hash, nothing caches it).
 */
export async function renewApiToken(scope: TenantScope, id: number) {
  await getApiConfig(scope, id);
  const { token, hash, last4 } = newApiToken();
  const hookSecret = newHookSecret();
  const [row] = await scope.update(
    apiConfigs,
    { tokenHash: hash, tokenLast4: last4, hookSecret, updatedAt: new Date() },
    eq(apiConfigs.id, id),
  );
  forgetApiHooks(scope);
  return { row: row!, token, hookSecret };
}
