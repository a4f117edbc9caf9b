// SECURITY-CRITICAL: resellers are platform-owned rows (no tenant_id), read and written only by the
// operator's routes (`auth: 'operator'`), on `unsafeSystemDb`.
import type { Reseller, ResellerInput } from '@prosa/contracts';
import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { resellers, resellerTokens, tenants } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

type ResellerRow = typeof resellers.$inferSelect;

const present = (r: ResellerRow, activeTokens: number, companies: number): Reseller => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  activeTokens,
  companies,
  createdAt: r.createdAt.toISOString(),
});

/** Every reseller with its active tokens and companies, by name: three queries in all. */
export async function listResellers(db: Database): Promise<Reseller[]> {
  const sys = unsafeSystemDb(db);
  const rows = await sys.select().from(resellers).orderBy(asc(resellers.name), asc(resellers.id));
  const tokens = await sys
    .select({ id: resellerTokens.resellerId, n: count() })
    .from(resellerTokens)
    .where(isNull(resellerTokens.revokedAt))
    .groupBy(resellerTokens.resellerId);
  const companies = await sys
    .select({ id: tenants.resellerId, n: count() })
    .from(tenants)
    .where(sql`${tenants.resellerId} is not null`)
    .groupBy(tenants.resellerId);
  const tokensOf = new Map(tokens.map((t) => [t.id, Number(t.n)]));
  const companiesOf = new Map(companies.map((c) => [c.id, Number(c.n)]));
  return rows.map((r) => present(r, tokensOf.get(r.id) ?? 0, companiesOf.get(r.id) ?? 0));
}

export async function getReseller(db: Database, id: number): Promise<Reseller> {
  const found = (await listResellers(db)).find((r) => r.id === id);
  if (!found) throw new AppError('ERR_NO_RESELLER_FOUND');
  return found;
}

/** A taken name answers ERR_RESELLER_EXISTS (the unique index decides). */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ERR_RESELLER_EXISTS');
    throw e;
  }
}

export async function createReseller(db: Database, input: ResellerInput): Promise<Reseller> {
  const [row] = await uniqueName(() => unsafeSystemDb(db).insert(resellers).values(input).returning());
  return present(row!, 0, 0);
}

export async function updateReseller(db: Database, id: number, input: ResellerInput): Promise<Reseller> {
  const [row] = await uniqueName(() =>
    unsafeSystemDb(db)
      .update(resellers)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(resellers.id, id))
      .returning({ id: resellers.id }),
  );
  if (!row) throw new AppError('ERR_NO_RESELLER_FOUND');
  return getReseller(db, id);
}

/** Deletes the reseller and its tokens; its companies stay, without a reseller. */
export async function deleteReseller(db: Database, id: number): Promise<void> {
  const gone = await unsafeSystemDb(db).delete(resellers).where(eq(resellers.id, id)).returning({ id: resellers.id });
  if (gone.length === 0) throw new AppError('ERR_NO_RESELLER_FOUND');
}
