// SECURITY-CRITICAL: platform operator command (cross-tenant by nature). createTenant runs on the
// unscoped handle (`unsafeSystemDb`); only routes declared `auth: 'operator'` reach this.
import type { TenantCreate } from '@prosa/contracts';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { createTenant } from '../../tenants/commands/create-tenant.js';
import { getTenantView } from '../admin.queries.js';
import { assertDueDateNotPast } from './update-company.js';

/** The operator creates a company with its first admin, who becomes its responsible user. */
export async function createCompany(platform: Platform, input: TenantCreate) {
  assertDueDateNotPast(input.dueDate);
  try {
    const { tenant } = await createTenant(platform, {
      name: input.name,
      phone: input.phone,
      email: input.email,
      planId: input.planId,
      dueDate: input.dueDate,
      recurrence: input.recurrence,
      admin: { name: input.adminName, email: input.adminEmail, password: input.adminPassword },
    });
    return await getTenantView(platform.db, tenant.id);
  } catch (e) {
    // createTenant checks the email first; two requests racing for it meet the unique index.
    if (isUniqueViolation(e)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    throw e;
  }
}
