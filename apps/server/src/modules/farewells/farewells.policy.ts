import { eq, or, type SQL } from 'drizzle-orm';
import { farewellMessages } from '../../platform/db/schema.js';
import type { AuthContext } from '../../platform/http/auth-context.js';

type Row = typeof farewellMessages.$inferSelect;

/** Its owner sees a farewell; everyone sees it when shared ("show for all", SPEC §3). */
export function visibleTo(auth: AuthContext): SQL {
  return or(eq(farewellMessages.userId, auth.userId), eq(farewellMessages.showForAll, true))!;
}

/** Its owner changes it; an admin also changes a shared one. */
export function mayChange(auth: AuthContext, row: Row): boolean {
  return row.userId === auth.userId || (row.showForAll && auth.isAdmin);
}
