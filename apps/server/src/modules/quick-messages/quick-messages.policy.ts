import { eq, or, type SQL } from 'drizzle-orm';
import { quickMessages } from '../../platform/db/schema.js';
import type { AuthContext } from '../../platform/http/auth-context.js';

type Row = typeof quickMessages.$inferSelect;

/**
 * Who sees a quick message: its owner, and everyone when it is shared (SPEC §3 "show to all").
 * A private one of someone else is not found, for admins too: it is the owner's own tool.
 */
export function visibleTo(auth: AuthContext): SQL {
  return or(eq(quickMessages.userId, auth.userId), eq(quickMessages.showToAll, true))!;
}

/** Its owner changes it; a shared one may also be changed by an admin (it speaks for the company). */
export function mayChange(auth: AuthContext, row: Row): boolean {
  return row.userId === auth.userId || (row.showToAll && auth.isAdmin);
}
