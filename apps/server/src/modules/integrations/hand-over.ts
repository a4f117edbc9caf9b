/**
 * A ticket enters and leaves a queue integration (DOMAIN.md: a queue integration skips the bot).
 * It enters when it reaches, without an agent, a queue that has one (a new inbound ticket in the
 * channel's default queue, the bot's transfer, a flow's action 4, a manual transfer); it leaves on
 * the integration's handover or finish, or when an agent takes it (accept, take over, a transfer).
 * Each change writes a ticket log event; the caller's ticket event carries it to the agents.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { integrations, messages, queues, tickets } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { logTicket } from '../tickets/ticket-log.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';
import { planAllows } from '../tenants/plan-features.js';

type Patch = Partial<Omit<TicketRow, 'id' | 'tenantId'>>;

/** The integration tickets entering `queueId` are handed to, when the plan has integrations. */
export async function integrationOfQueue(tx: TenantScope, queueId: number | null): Promise<number | null> {
  if (queueId === null) return null;
  const [row] = await tx.query((db, owns) =>
    db
      .select({ id: integrations.id })
      .from(queues)
      .innerJoin(integrations, owns(integrations, eq(integrations.id, queues.integrationId)))
      .where(owns(queues, eq(queues.id, queueId)))
      .limit(1),
  );
  if (!row) return null;
  return (await planAllows(tx, 'integrations')) ? row.id : null;
}

/** The newest customer message of the ticket (0: none). */
async function lastCustomerMessageId(tx: TenantScope, ticketId: number): Promise<number> {
  const [m] = await tx
    .select(messages, and(eq(messages.ticketId, ticketId), eq(messages.fromMe, false)))
    .orderBy(desc(messages.id))
    .limit(1);
  return m?.id ?? 0;
}

/**
 * The patch that puts the ticket with `integrationId`, pending in `queueId`, out of the bot. From
 * an inbound message (`fromInbound`) the integration answers the messages not yet answered; from a
 * transfer it answers the customer's next message (what was said before was said to someone else).
 */
export async function enterIntegration(
  tx: TenantScope,
  ticketId: number,
  integrationId: number,
  queueId: number | null,
  by: { userId?: number | null; fromInbound: boolean },
): Promise<Patch> {
  await logTicket(tx, ticketId, 'integration', { userId: by.userId ?? null, queueId, payload: { integrationId } });
  return {
    integrationId,
    integrationState: by.fromInbound ? null : { lastMessageId: await lastCustomerMessageId(tx, ticketId) },
    queueId,
    userId: null,
    status: 'pending',
    chatFlowId: null,
    botState: null,
    botDueAt: null,
  };
}

/** The patch that takes the ticket from its integration (nothing when it has none). */
export async function leaveIntegration(
  tx: TenantScope,
  row: Pick<TicketRow, 'id' | 'integrationId' | 'queueId'>,
  by: { userId?: number | null; reason: 'agent' | 'requested' | 'provider-error' | 'finished' | 'transfer' },
): Promise<Patch> {
  if (row.integrationId === null) return {};
  await logTicket(tx, row.id, 'integrationEnd', {
    userId: by.userId ?? null,
    queueId: row.queueId,
    payload: { integrationId: row.integrationId, reason: by.reason },
  });
  return { integrationId: null, integrationState: null };
}

/**
 * A new inbound ticket waiting in a queue with an integration goes to it (called by the inbound
 * hook before the chatbot's, so the bot's step finds it taken). Answers whether it did.
 */
export async function enterOnInbound(tx: TenantScope, ticket: Pick<TicketRow, 'id' | 'queueId' | 'userId' | 'status' | 'isGroup'>): Promise<number | null> {
  if (ticket.userId !== null || ticket.status !== 'pending' || ticket.isGroup) return null;
  const integrationId = await integrationOfQueue(tx, ticket.queueId);
  if (integrationId === null) return null;
  // Only while nobody took it meanwhile (one statement: no lock needed on the inbound path).
  const [row] = await tx.update(
    tickets,
    { integrationId, integrationState: null, chatFlowId: null, botState: null, botDueAt: null, updatedAt: new Date() },
    and(eq(tickets.id, ticket.id), sql`${tickets.userId} is null`, sql`${tickets.integrationId} is null`)!,
  );
  if (!row) return null;
  await logTicket(tx, ticket.id, 'integration', { queueId: ticket.queueId, payload: { integrationId } });
  return integrationId;
}
