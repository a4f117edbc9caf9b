/**
 * Where the bot leaves the ticket, written in the step's transaction with its ticket log events
 * (SPEC §4: bot set queue / user, also on the retry limit). A queue: pending there, unless
 * auto-distribution picks an online agent (then open with that agent). A user: open with them.
 * A close: closed (its farewell is already in the outbox, sent after commit).
 */
import type { BotOutcome } from '@prosa/contracts';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { eq } from 'drizzle-orm';
import { integrations } from '../../platform/db/schema.js';
import { enterIntegration, integrationOfQueue } from '../integrations/hand-over.js';
import { planAllows } from '../tenants/plan-features.js';
import { logTicket } from '../tickets/ticket-log.js';
import { patchTicket } from '../tickets/tickets.mutate.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';
import type { TurnResult } from './engine/types.js';
import { pickAgent } from './distribute.js';

type Patch = Parameters<typeof patchTicket>[2];

const released: Patch = { chatFlowId: null, botState: null, botDueAt: null };

/** Assigns a pending ticket of `queueId` to an agent when the distribution finds one. */
export async function distribute(
  tx: TenantScope,
  ticketId: number,
  queueId: number | null,
  mode: 'N' | 'R' | 'B',
  now: Date,
): Promise<Patch> {
  const agent = queueId === null ? null : await pickAgent(tx, queueId, mode);
  if (agent === null) return {};
  await logTicket(tx, ticketId, 'userDefine', { userId: agent, queueId, payload: { distribution: mode } });
  return { userId: agent, status: 'open', startedAttendanceAt: now };
}

export async function applyOutcome(
  tx: TenantScope,
  ticket: TicketRow,
  result: Pick<TurnResult, 'effects'> & { outcome: NonNullable<BotOutcome> },
  opts: { flowId: number | null; distribution: 'N' | 'R' | 'B'; now: Date },
): Promise<Patch> {
  for (const l of result.effects.logs)
    await logTicket(tx, ticket.id, l.type, {
      userId: l.userId,
      queueId: l.queueId ?? ticket.queueId,
      payload: { chatFlowId: opts.flowId },
    });
  const o = result.outcome;
  if (o.kind === 'close') {
    await logTicket(tx, ticket.id, 'closed', { queueId: ticket.queueId, payload: { chatFlowId: opts.flowId } });
    return { ...released, status: 'closed', closedAt: opts.now, closeAfter: null, unreadMessages: 0 };
  }
  if (o.kind === 'integration') {
    // A flow step's action 4; on a plan without integrations (or one deleted since), to the queue.
    const queueId = o.queueId ?? ticket.queueId;
    const usable = (await planAllows(tx, 'integrations')) && (await tx.count(integrations, eq(integrations.id, o.integrationId))) > 0;
    if (usable) return { ...released, ...(await enterIntegration(tx, ticket.id, o.integrationId, queueId, { fromInbound: false })) };
    return { ...released, queueId, userId: null, status: 'pending', ...(await distribute(tx, ticket.id, queueId, opts.distribution, opts.now)) };
  }
  if (o.kind === 'user') return { ...released, userId: o.userId, status: 'open', startedAttendanceAt: opts.now };
  const queueId = o.queueId ?? ticket.queueId;
  // A queue with an integration: the bot hands the conversation to it (no distribution).
  const integrationId = o.userId === null ? await integrationOfQueue(tx, queueId) : null;
  if (integrationId !== null) return { ...released, ...(await enterIntegration(tx, ticket.id, integrationId, queueId, { fromInbound: false })) };
  const assigned = await distribute(tx, ticket.id, queueId, opts.distribution, opts.now);
  return { ...released, queueId, userId: null, status: 'pending', ...assigned };
}
