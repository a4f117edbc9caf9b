import { and, asc, eq, ilike } from 'drizzle-orm';
import { chatFlows } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export type ChatFlowRow = typeof chatFlows.$inferSelect;

/** `%` and `_` typed by a person are letters, not wildcards. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One flow of the company; another company's or none at all is ERR_NO_AUTO_REPLY_FOUND. */
export async function getChatFlow(
  scope: TenantScope,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<ChatFlowRow> {
  const query = scope.select(chatFlows, eq(chatFlows.id, id)).limit(1);
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  if (!row) throw new AppError('ERR_NO_AUTO_REPLY_FOUND');
  return row;
}

/** The list of /chat-flow: by name, a page at a time. */
export async function listChatFlows(
  scope: TenantScope,
  q: { searchParam: string; pageNumber: number; pageSize: number },
) {
  const term = q.searchParam.trim();
  const where = term ? ilike(chatFlows.name, likePattern(term)) : undefined;
  const [rows, count] = await Promise.all([
    scope
      .select(chatFlows, where)
      .orderBy(asc(chatFlows.name), asc(chatFlows.id))
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize),
    scope.count(chatFlows, where),
  ]);
  return { rows, count, hasMore: (q.pageNumber - 1) * q.pageSize + rows.length < count };
}

/** Flows an agent may hand a ticket to: active and available for transfer. */
export function listTransferFlows(scope: TenantScope) {
  return scope
    .select(chatFlows, and(eq(chatFlows.isActive, true), eq(chatFlows.availableForTransfer, true)))
    .orderBy(asc(chatFlows.name), asc(chatFlows.id));
}

/** An active flow of the company, or undefined (a channel's flow, the company default). */
export function findActiveFlow(scope: TenantScope, id: number): Promise<ChatFlowRow | undefined> {
  return scope.first(chatFlows, and(eq(chatFlows.id, id), eq(chatFlows.isActive, true)));
}
