/**
 * The chatbot's side of the inbound port (messages/after-inbound.ts), registered at boot. One
 * cheap check, then a job: a new ticket (which bot, if any, is decided in the job), a ticket in
 * a flow, or a ticket without one that may get the absence message (cached company hours).
 */
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { enqueue } from '../../platform/jobs/enqueue.js';
import { onAfterInbound, type InboundFacts } from '../messages/after-inbound.js';
import { onAfterToBot } from '../tickets/after-to-bot.js';
import { chatbotStepJob } from './jobs/chatbot-step.job.js';
import { absenceDue, botConfig } from './tenant-bot-config.js';

export function enqueueBotStep(scope: TenantScope, ticketId: number, opts: { due?: boolean; created?: boolean } = {}): void {
  enqueue(scope, chatbotStepJob, { ticketId, due: opts.due ?? false, created: opts.created ?? false, recovered: false });
}

export async function chatbotAfterInbound(scope: TenantScope, facts: InboundFacts): Promise<void> {
  const t = facts.ticket;
  if (facts.fromMe || t.isGroup || t.status === 'closed') return;
  // A ticket with a queue integration is answered by it, not by the bot (DOMAIN.md).
  if (t.integrationId !== null) return;
  if (t.chatFlowId !== null || t.botState !== null) return enqueueBotStep(scope, t.id);
  const config = await botConfig(scope);
  // A new ticket: a job decides its bot, distributes it or sends the absence message, when the
  // company has any of them; the cached settings keep this free for companies without a bot.
  const dueAbsence = absenceDue(config, t.absenceSent, new Date());
  if (facts.created && (config.hasActiveFlow || config.distribution !== 'N' || dueAbsence))
    return enqueueBotStep(scope, t.id, { created: true });
  if (dueAbsence) enqueueBotStep(scope, t.id);
}

/** A ticket an agent moved into a flow is due now: its first step at once, not at the next sweep. */
function chatbotAfterToBot(scope: TenantScope, ticketId: number): void {
  enqueueBotStep(scope, ticketId, { due: true });
}

/**
 * Registered at each app's boot (modules/index.ts): the same functions each time, so a second app
 * in one process (tests, two instances) does not run the hooks twice.
 */
export function registerChatbot(): void {
  onAfterInbound(chatbotAfterInbound);
  onAfterToBot(chatbotAfterToBot);
}
