import type { FarewellMessageInput } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { farewellMessages } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { mayChange } from '../farewells.policy.js';
import { getFarewellMessage } from '../farewells.queries.js';

export function createFarewellMessage(scope: TenantScope, auth: AuthContext, input: FarewellMessageInput) {
  return scope.insert(farewellMessages, { ...input, userId: auth.userId });
}

export async function updateFarewellMessage(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
  input: FarewellMessageInput,
) {
  const current = await getFarewellMessage(scope, auth, id);
  if (!mayChange(auth, current)) throw new AppError('ERR_NO_PERMISSION');
  const [row] = await scope.update(farewellMessages, { ...input, updatedAt: new Date() }, eq(farewellMessages.id, id));
  return row!;
}
