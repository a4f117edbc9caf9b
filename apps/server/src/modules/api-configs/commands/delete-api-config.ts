import { eq } from 'drizzle-orm';
import { apiConfigs } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { forgetApiHooks } from '../api-hooks.cache.js';
import { getApiConfig } from '../api-configs.queries.js';

/** Its token stops working; the messages it sent stay (their externalKey records go with it). */
export async function deleteApiConfig(scope: TenantScope, id: number): Promise<void> {
  await getApiConfig(scope, id);
  await scope.delete(apiConfigs, eq(apiConfigs.id, id));
  forgetApiHooks(scope);
}
