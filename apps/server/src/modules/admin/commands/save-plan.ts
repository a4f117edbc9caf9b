// SECURITY-CRITICAL: platform operator command: plans are platform-owned rows, written on
// `unsafeSystemDb`; only routes declared `auth: 'operator'` reach this.
import type { PlanInput } from '@prosa/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { plans } from '../../../platform/db/schema.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { getPlan } from '../plans.queries.js';

async function assertNameFree(db: Database, name: string, exceptId?: number) {
  const [clash] = await unsafeSystemDb(db)
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.name, name), exceptId ? ne(plans.id, exceptId) : undefined));
  if (clash) throw new AppError('ERR_PLAN_NAME_EXISTS');
}

/** The unique index answers the race two requests with the same name can win past the check. */
async function nameRace<R>(fn: () => Promise<R>): Promise<R> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ERR_PLAN_NAME_EXISTS');
    throw e;
  }
}

export async function createPlan(db: Database, input: PlanInput) {
  await assertNameFree(db, input.name);
  const [row] = await nameRace(() => unsafeSystemDb(db).insert(plans).values(input).returning());
  return row!;
}

export async function updatePlan(db: Database, id: number, input: PlanInput) {
  await getPlan(db, id);
  await assertNameFree(db, input.name, id);
  const [row] = await nameRace(() =>
    unsafeSystemDb(db)
      .update(plans)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(plans.id, id))
      .returning(),
  );
  if (!row) throw new AppError('ERR_NO_PLAN_FOUND');
  return row;
}
