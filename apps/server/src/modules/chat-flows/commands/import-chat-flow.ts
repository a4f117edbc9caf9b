import type { ZChatFlowImport } from '@prosa/contracts';
import type { z } from 'zod';
import { chatFlows } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { emitChatFlowChange } from '../chat-flows.events.js';
import { assertValidFlowGraph } from '../flow-validation.js';
import type { ChatFlowRow } from '../chat-flows.queries.js';

/**
 * A flow from an export file (Prosa's, or an older product's: DOMAIN.md). The file carries ids of
 * the system that wrote it; a queue, user, tag or step it names that this company does not have is
 * refused under its path (`nodeList.3.conditions.0.queueId`), so the admin knows what to fix.
 * Imported flows start inactive: they answer nobody until the admin has looked at them.
 */
export async function importChatFlow(
  scope: TenantScope,
  auth: AuthContext,
  file: z.output<typeof ZChatFlowImport>,
): Promise<ChatFlowRow> {
  const flow = { nodeList: file.nodeList, lineList: file.lineList };
  await assertValidFlowGraph(scope, flow, '');
  const row = await scope.insert(chatFlows, {
    name: file.name,
    description: file.description ?? '',
    isActive: false,
    availableForTransfer: false,
    availableInCrm: false,
    testNumber: '',
    flow,
    userId: auth.userId,
  });
  emitChatFlowChange(scope, 'create', row);
  return row;
}
