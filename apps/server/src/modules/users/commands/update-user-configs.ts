import type { UpdateUserConfigs, UserConfigs } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { presentConfigs } from '../../auth/auth.presenter.js';
import { assertIsSelf } from '../users.policy.js';
import { getUser } from '../users.queries.js';

/** Merges the keys sent into the user's saved configs; keys not sent stay as they were. */
export async function updateUserConfigs(
  scope: TenantScope,
  actor: AuthContext,
  id: number,
  patch: UpdateUserConfigs,
): Promise<UserConfigs> {
  return scope.transaction(async (tx) => {
    const target = await getUser(tx, id);
    assertIsSelf(actor, target);
    // Read and write under a row lock: two tabs saving different keys at once both keep theirs.
    const [locked] = await tx.select(users, eq(users.id, id)).for('update');
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const configs = { ...(locked?.configs ?? {}), ...defined };
    await tx.update(users, { configs, updatedAt: new Date() }, eq(users.id, id));
    return presentConfigs(configs);
  });
}
