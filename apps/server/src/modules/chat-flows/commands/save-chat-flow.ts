import { ZChatFlowInput, type FlowGraph } from '@prosa/contracts';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { chatFlows } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { emitChatFlowChange } from '../chat-flows.events.js';
import { assertValidFlowGraph } from '../flow-validation.js';
import { getChatFlow, type ChatFlowRow } from '../chat-flows.queries.js';

type Input = z.output<typeof ZChatFlowInput>;

/** An admin creates a flow; the graph is checked against the company's steps, queues, users and tags. */
export async function createChatFlow(scope: TenantScope, auth: AuthContext, input: Input): Promise<ChatFlowRow> {
  await assertValidFlowGraph(scope, input.flow, 'flow');
  const row = await scope.insert(chatFlows, { ...input, flow: input.flow as FlowGraph, userId: auth.userId });
  emitChatFlowChange(scope, 'create', row);
  return row;
}

/**
 * Changes what the body names (the builder autosaves the graph alone, the list flips `isActive`
 * alone). A new graph is checked like on create.
 */
export async function updateChatFlow(scope: TenantScope, id: number, patch: Partial<Input>): Promise<ChatFlowRow> {
  await getChatFlow(scope, id);
  if (patch.flow) await assertValidFlowGraph(scope, patch.flow, 'flow');
  const [row] = await scope.update(chatFlows, { ...patch, updatedAt: new Date() }, eq(chatFlows.id, id));
  emitChatFlowChange(scope, 'update', row!);
  return row!;
}
