import { eq } from 'drizzle-orm';
import { authSessions } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';

export async function logout(scope: TenantScope, sessionId: string): Promise<void> {
  await scope.update(authSessions, { revokedAt: new Date(), revokedReason: 'logout' }, eq(authSessions.id, sessionId));
}
