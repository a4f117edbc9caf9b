import { eq } from 'drizzle-orm';
import { chatFlowKeywords } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { getKeyword } from '../chat-flow-keywords.queries.js';

export async function deleteKeyword(scope: TenantScope, id: number): Promise<void> {
  await getKeyword(scope, id);
  await scope.delete(chatFlowKeywords, eq(chatFlowKeywords.id, id));
}
