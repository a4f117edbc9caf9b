/**
 * The narrow port through which the chatbot learns that an agent handed a ticket to a flow
 * (PUT /tickets/bot/{id}), so the tickets module imports nothing of the chatbot. The hook runs
 * inside the transfer's transaction: it enqueues through `scope`, so its job starts after commit.
 * The ticket's `bot_due_at` stays the safety net (the chatbot's sweep) if the process dies between
 * the commit and the enqueue.
 */
import type { TenantScope } from '../../platform/db/tenant-scope.js';

export type AfterToBot = (scope: TenantScope, ticketId: number) => void | Promise<void>;

const hooks = new Set<AfterToBot>();

/** Registered once at boot (the chatbot's registerChatbot); registering it again changes nothing. */
export function onAfterToBot(hook: AfterToBot): void {
  hooks.add(hook);
}

export async function runAfterToBot(scope: TenantScope, ticketId: number): Promise<void> {
  for (const hook of hooks) await hook(scope, ticketId);
}
