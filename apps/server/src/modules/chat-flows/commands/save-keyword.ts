import { V } from '@prosa/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { channels, chatFlowKeywords, chatFlows } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { getKeyword, type KeywordRow } from '../chat-flow-keywords.queries.js';

export interface KeywordInput {
  keyword: string;
  chatFlowId: number;
  channelId: number | null;
  isActive: boolean;
}

/**
 * The flow and the channel must be the company's: another company's id answers like a missing
 * one (ERR_NO_AUTO_REPLY_FOUND, a channel field error). One keyword per channel, case-insensitive
 * (the unique index decides races the check cannot): ERR_CHAT_FLOW_KEYWORD_EXISTS.
 */
async function check(scope: TenantScope, input: KeywordInput, exceptId?: number) {
  if (!(await scope.first(chatFlows, eq(chatFlows.id, input.chatFlowId))))
    throw new AppError('ERR_NO_AUTO_REPLY_FOUND');
  if (input.channelId !== null && !(await scope.first(channels, eq(channels.id, input.channelId)))) {
    throw new AppError('ERR_VALIDATION', { channelId: V.invalidValue });
  }
  const clash = await scope.first(
    chatFlowKeywords,
    and(
      sql`lower(${chatFlowKeywords.keyword}) = lower(${input.keyword})`,
      sql`coalesce(${chatFlowKeywords.channelId}, 0) = ${input.channelId ?? 0}`,
      exceptId ? ne(chatFlowKeywords.id, exceptId) : undefined,
    ),
  );
  if (clash) throw new AppError('ERR_CHAT_FLOW_KEYWORD_EXISTS');
}

function writeError(err: unknown): unknown {
  return isUniqueViolation(err) ? new AppError('ERR_CHAT_FLOW_KEYWORD_EXISTS') : err;
}

export async function createKeyword(scope: TenantScope, input: KeywordInput): Promise<KeywordRow> {
  await check(scope, input);
  try {
    return await scope.insert(chatFlowKeywords, input);
  } catch (err) {
    throw writeError(err);
  }
}

export async function updateKeyword(scope: TenantScope, id: number, input: KeywordInput): Promise<KeywordRow> {
  await getKeyword(scope, id);
  await check(scope, input, id);
  try {
    const [row] = await scope.update(
      chatFlowKeywords,
      { ...input, updatedAt: new Date() },
      eq(chatFlowKeywords.id, id),
    );
    return row!;
  } catch (err) {
    throw writeError(err);
  }
}
