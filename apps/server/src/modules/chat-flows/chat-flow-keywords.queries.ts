import { and, asc, eq } from 'drizzle-orm';
import { chatFlowKeywords } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export type KeywordRow = typeof chatFlowKeywords.$inferSelect;

/** One mapping of the company; another company's or none at all is ERR_NO_CHAT_FLOW_KEYWORD_FOUND. */
export async function getKeyword(scope: TenantScope, id: number): Promise<KeywordRow> {
  const row = await scope.first(chatFlowKeywords, eq(chatFlowKeywords.id, id));
  if (!row) throw new AppError('ERR_NO_CHAT_FLOW_KEYWORD_FOUND');
  return row;
}

/** The company's keyword mappings, optionally of one flow or one channel. */
export function listKeywords(scope: TenantScope, q: { chatFlowId?: number; channelId?: number }) {
  return scope
    .select(
      chatFlowKeywords,
      and(
        q.chatFlowId ? eq(chatFlowKeywords.chatFlowId, q.chatFlowId) : undefined,
        q.channelId ? eq(chatFlowKeywords.channelId, q.channelId) : undefined,
      ),
    )
    .orderBy(asc(chatFlowKeywords.keyword), asc(chatFlowKeywords.id));
}
