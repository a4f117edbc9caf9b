// SECURITY-CRITICAL: who may use the operator's screens is decided by `config: { auth: 'operator' }`
// on every route of admin.routes.ts (an admin of tenant 1). What even the operator may not do is here.
import { OPERATOR_TENANT_ID } from '@prosa/contracts';
import { AppError } from '../../platform/http/app-error.js';

/** Tenant 1 holds the platform's own admins: deleting or deactivating it would lock everyone out. */
export function assertNotOperatorTenant(tenantId: number): void {
  if (tenantId === OPERATOR_TENANT_ID) throw new AppError('ERR_OPERATOR_TENANT_PROTECTED');
}
