import { and, asc, eq, sql } from 'drizzle-orm';
import { quickMessages } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { visibleTo } from './quick-messages.policy.js';

/** Every quick message the user may use, by key (the composer filters them as the agent types). */
export function listQuickMessages(scope: TenantScope, auth: AuthContext) {
  return scope
    .select(quickMessages, visibleTo(auth))
    .orderBy(asc(sql`lower(${quickMessages.key})`), asc(quickMessages.id));
}

/** One the user may see, or ERR_NO_FAST_REPLY_FOUND (another user's private one, another company's). */
export async function getQuickMessage(scope: TenantScope, auth: AuthContext, id: number) {
  const row = await scope.first(quickMessages, and(eq(quickMessages.id, id), visibleTo(auth)));
  if (!row) throw new AppError('ERR_NO_FAST_REPLY_FOUND');
  return row;
}
