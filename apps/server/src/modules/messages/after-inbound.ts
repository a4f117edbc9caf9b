/**
 * The narrow port through which capabilities that react to a customer's message (the chatbot,
 * later campaigns and integrations) reach the inbound path (HOUSE.md: "through a narrow port
 * wired at boot"), so ingest imports none of them. A hook runs inside the inbound write (its
 * `scope` may be a transaction: enqueue through it, so the job starts after commit) and must stay
 * cheap: the inbound path is benchmarked at 1,000 messages a second. Decide in a job, not here.
 */
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';

export interface InboundFacts {
  /** The ticket as the inbound write left it. */
  ticket: Pick<
    TicketRow,
    | 'id'
    | 'channelId'
    | 'status'
    | 'userId'
    | 'chatFlowId'
    | 'botState'
    | 'isGroup'
    | 'absenceSent'
    | 'queueId'
    | 'integrationId'
  >;
  messageId: number;
  /** The message opened this ticket. */
  created: boolean;
  fromMe: boolean;
}

export type AfterInbound = (scope: TenantScope, facts: InboundFacts) => void | Promise<void>;

const hooks = new Set<AfterInbound>();

/** Registered once at boot (modules/index.ts); registering the same hook again changes nothing. */
export function onAfterInbound(hook: AfterInbound): void {
  hooks.add(hook);
}

export async function runAfterInbound(scope: TenantScope, facts: InboundFacts): Promise<void> {
  for (const hook of hooks) await hook(scope, facts);
}
