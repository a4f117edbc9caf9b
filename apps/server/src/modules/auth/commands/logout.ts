import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { revokeSessions } from '../../../platform/security/sessions.js';

export async function logout(scope: TenantScope, sessionId: string): Promise<void> {
  await revokeSessions(scope, { sessionId }, 'logout');
}
