import { eq } from 'drizzle-orm';
import { farewellMessages } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { mayChange } from '../farewells.policy.js';
import { getFarewellMessage } from '../farewells.queries.js';

export async function deleteFarewellMessage(scope: TenantScope, auth: AuthContext, id: number): Promise<void> {
  const row = await getFarewellMessage(scope, auth, id);
  if (!mayChange(auth, row)) throw new AppError('ERR_NO_PERMISSION');
  await scope.delete(farewellMessages, eq(farewellMessages.id, id));
}
