// SECURITY-CRITICAL: reseller setup tokens (SPEC §6 setup token, §8 ERR_RESELLER_TOKEN_ONLY). A token
// is made by the server (24 random bytes), shown once, and kept only as its SHA-256: a database
// read does not give tokens away. Platform-owned rows, on `unsafeSystemDb`, reached by operator
// routes and by the public sign-up (which only looks a token up).
import type { PlatformSettings, ResellerToken, ResellerTokenCreated } from '@prosa/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { resellers, resellerTokens } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import { signupNeedsToken } from '../admin/platform-settings.queries.js';

type TokenRow = typeof resellerTokens.$inferSelect;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const present = (t: TokenRow): ResellerToken => ({
  id: t.id,
  resellerId: t.resellerId,
  hint: t.hint,
  revokedAt: t.revokedAt?.toISOString() ?? null,
  createdAt: t.createdAt.toISOString(),
});

async function assertReseller(db: Database, id: number): Promise<void> {
  const [row] = await unsafeSystemDb(db).select({ id: resellers.id }).from(resellers).where(eq(resellers.id, id));
  if (!row) throw new AppError('ERR_NO_RESELLER_FOUND');
}

/** The reseller's tokens, newest first (revoked ones too, marked). */
export async function listResellerTokens(db: Database, resellerId: number): Promise<ResellerToken[]> {
  await assertReseller(db, resellerId);
  const rows = await unsafeSystemDb(db)
    .select()
    .from(resellerTokens)
    .where(eq(resellerTokens.resellerId, resellerId))
    .orderBy(desc(resellerTokens.id));
  return rows.map(present);
}

/** A new token for the reseller; the answer is the only place it is ever shown. */
export async function createResellerToken(db: Database, resellerId: number): Promise<ResellerTokenCreated> {
  await assertReseller(db, resellerId);
  const token = randomBytes(24).toString('base64url');
  const [row] = await unsafeSystemDb(db)
    .insert(resellerTokens)
    .values({ resellerId, tokenHash: hashOf(token), hint: token.slice(-4) })
    .returning();
  return { ...present(row!), token };
}

/** Revokes one of the reseller's tokens (idempotent); it stays listed, and sign-up refuses it. */
export async function revokeResellerToken(db: Database, resellerId: number, tokenId: number): Promise<ResellerToken> {
  const sys = unsafeSystemDb(db);
  const mine = and(eq(resellerTokens.id, tokenId), eq(resellerTokens.resellerId, resellerId));
  await sys
    .update(resellerTokens)
    .set({ revokedAt: new Date() })
    .where(and(mine, isNull(resellerTokens.revokedAt)));
  const [row] = await sys.select().from(resellerTokens).where(mine);
  if (!row) throw new AppError('ERR_NO_RESELLER_FOUND');
  return present(row);
}

/**
 * The reseller a sign-up comes with: none without a token when the operator does not require one;
 * otherwise the token must be a live one (not revoked, its reseller not deleted), else
 * ERR_RESELLER_TOKEN_ONLY and nothing is created. A token given when none is required is still
 * checked: who typed one meant to sign up through that reseller.
 */
export async function resellerOfSignup(
  db: Database,
  settings: Pick<PlatformSettings, 'signupNeedsToken'>,
  setupToken: string,
): Promise<number | null> {
  if (!setupToken) {
    if (signupNeedsToken(settings)) throw new AppError('ERR_RESELLER_TOKEN_ONLY');
    return null;
  }
  const [row] = await unsafeSystemDb(db)
    .select({ resellerId: resellerTokens.resellerId })
    .from(resellerTokens)
    .where(and(eq(resellerTokens.tokenHash, hashOf(setupToken)), isNull(resellerTokens.revokedAt)));
  if (!row) throw new AppError('ERR_RESELLER_TOKEN_ONLY');
  return row.resellerId;
}
