import { eq } from 'drizzle-orm';
import { quickMessages } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { storageOf } from '../../../platform/storage/storage.js';
import { mayChange } from '../quick-messages.policy.js';
import { getQuickMessage } from '../quick-messages.queries.js';

export async function deleteQuickMessage(scope: TenantScope, auth: AuthContext, id: number): Promise<void> {
  const row = await getQuickMessage(scope, auth, id);
  if (!mayChange(auth, row)) throw new AppError('ERR_NO_PERMISSION');
  await scope.delete(quickMessages, eq(quickMessages.id, id));
  // Attached messages hold copies under their own keys, so the file is this row's alone.
  if (row.mediaKey)
    await storageOf(scope.database)
      .delete(row.mediaKey)
      .catch(() => undefined);
}
