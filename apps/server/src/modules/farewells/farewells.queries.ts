import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import { farewellMessages } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { visibleTo } from './farewells.policy.js';

export const FAREWELL_PAGE_SIZE = 20;

/** `%`, `_` and `\` are taken literally in a search. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /farewellMessages/all: every farewell the user may pick (the close dialog). */
export function allFarewellMessages(scope: TenantScope, auth: AuthContext) {
  return scope.select(farewellMessages, visibleTo(auth)).orderBy(asc(farewellMessages.title), asc(farewellMessages.id));
}

/** GET /farewellMessages: the screen's list, by page, searched in title and message. */
export async function pageFarewellMessages(scope: TenantScope, auth: AuthContext, searchParam: string, page: number) {
  const term = searchParam.trim();
  const where = and(
    visibleTo(auth),
    term
      ? or(ilike(farewellMessages.title, likePattern(term)), ilike(farewellMessages.message, likePattern(term)))
      : undefined,
  );
  const [rows, total] = await Promise.all([
    scope
      .select(farewellMessages, where)
      .orderBy(desc(farewellMessages.updatedAt), desc(farewellMessages.id))
      .limit(FAREWELL_PAGE_SIZE)
      .offset((page - 1) * FAREWELL_PAGE_SIZE),
    scope.count(farewellMessages, where),
  ]);
  return { rows, count: total, hasMore: page * FAREWELL_PAGE_SIZE < total };
}

export async function getFarewellMessage(scope: TenantScope, auth: AuthContext, id: number) {
  const row = await scope.first(farewellMessages, and(eq(farewellMessages.id, id), visibleTo(auth)));
  if (!row) throw new AppError('ERR_NO_FAREWELL_MESSAGE_FOUND');
  return row;
}
