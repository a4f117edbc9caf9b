// Plans are platform-owned (no tenant_id): read on the unscoped handle. The public module reuses
// `listPlans(db, { publicOnly: true })` for the sign-up screen.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { plans } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export function listPlans(db: Database, opts: { publicOnly?: boolean } = {}) {
  return unsafeSystemDb(db)
    .select()
    .from(plans)
    .where(opts.publicOnly ? eq(plans.isPublic, true) : undefined)
    .orderBy(asc(plans.value), asc(plans.name));
}

export async function getPlan(db: Database, id: number) {
  const [row] = await unsafeSystemDb(db).select().from(plans).where(eq(plans.id, id));
  if (!row) throw new AppError('ERR_NO_PLAN_FOUND');
  return row;
}
