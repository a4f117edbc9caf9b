import type { ApiConfigInput } from '@prosa/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { apiConfigs } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { getChannel } from '../../channels/channels.queries.js';
import { forgetApiHooks } from '../api-hooks.cache.js';
import { getApiConfig } from '../api-configs.queries.js';
import { newApiToken, newHookSecret } from '../api-token.js';

async function assertNameFree(scope: TenantScope, name: string, exceptId?: number) {
  const clash = await scope.first(apiConfigs, and(eq(apiConfigs.name, name), exceptId ? ne(apiConfigs.id, exceptId) : undefined));
  if (clash) throw new AppError('ERR_API_CONFIG_EXISTS');
}

/** Two saves of the same name at once: the unique index (tenant, name) decides. */
async function uniqueName<R>(fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ERR_API_CONFIG_EXISTS');
    throw err;
  }
}

/** A new configuration with its token and hook secret, answered once (only the hash is kept). */
export async function createApiConfig(scope: TenantScope, input: ApiConfigInput) {
  await getChannel(scope, input.channelId);
  await assertNameFree(scope, input.name);
  const { token, hash, last4 } = newApiToken();
  const hookSecret = newHookSecret();
  const row = await uniqueName(() =>
    scope.insert(apiConfigs, { ...input, tokenHash: hash, tokenLast4: last4, hookSecret }),
  );
  forgetApiHooks(scope);
  return { row, token, hookSecret };
}

/** Name, channel, status URL and active; deactivating refuses the token at once. */
export async function updateApiConfig(scope: TenantScope, id: number, input: ApiConfigInput) {
  await getApiConfig(scope, id);
  await getChannel(scope, input.channelId);
  await assertNameFree(scope, input.name, id);
  const [row] = await uniqueName(() =>
    scope.update(apiConfigs, { ...input, updatedAt: new Date() }, eq(apiConfigs.id, id)),
  );
  forgetApiHooks(scope);
  return row!;
}
