/**
 * Integrations' side of the inbound port (messages/after-inbound.ts), registered at boot BEFORE the
 * chatbot's: a new ticket waiting in a queue with an integration goes to it (one small query, new
 * tickets only; the bot's step then finds it taken and stays out), and every customer message of a
 * ticket with an integration queues one turn job (enqueued through the inbound write's scope, so
 * it starts after commit).
 */
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { enqueue } from '../../platform/jobs/enqueue.js';
import { onAfterInbound, type InboundFacts } from '../messages/after-inbound.js';
import { enterOnInbound } from './hand-over.js';
import { integrationTurnJob } from './jobs/integration-turn.job.js';

export function enqueueTurn(scope: TenantScope, ticketId: number, messageId: number): void {
  enqueue(scope, integrationTurnJob, { ticketId, messageId }, { singletonKey: `integration:${messageId}` });
}

export async function integrationsAfterInbound(scope: TenantScope, facts: InboundFacts): Promise<void> {
  const t = facts.ticket;
  if (facts.fromMe || t.status === 'closed') return;
  let integrationId = t.integrationId;
  if (integrationId === null && facts.created) integrationId = await enterOnInbound(scope, t);
  if (integrationId !== null) enqueueTurn(scope, t.id, facts.messageId);
}

export function registerIntegrations(): void {
  onAfterInbound(integrationsAfterInbound);
}
