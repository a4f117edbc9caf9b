/**
 * Texts a channel sends on its own (greeting, farewell, rating question and answers): message
 * variables resolved against the ticket, then recorded in the outbox like an agent's message.
 */
import { eq } from 'drizzle-orm';
import { channels, contacts, messages, queues, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { enqueueSend } from '../messages/commands/enqueue-send.js';
import { resolveVariables } from '../messages/message-variables.js';
import { emitMessage } from '../messages/messages.events.js';
import { presentMessage, type MessageRow } from '../messages/messages.presenter.js';
import { getOwnTenant } from '../tenants/tenants.queries.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';

type TextTicket = Pick<TicketRow, 'id' | 'protocol' | 'contactId' | 'channelId' | 'queueId' | 'userId'>;
type Person = { name: string; email: string };

/**
 * `text` with its {{variables}} resolved for the ticket. `user` is who speaks ({{user}}); by
 * default the ticket's agent. Costs nothing when the text has no variable.
 */
export async function resolveTicketText(
  tx: TenantScope,
  ticket: TextTicket,
  text: string,
  user?: Person | null,
  now = new Date(),
): Promise<string> {
  if (!text.includes('{{')) return text;
  // One after another: inside a transaction they share one connection.
  const contact = await tx.first(contacts, eq(contacts.id, ticket.contactId));
  const queue = ticket.queueId ? await tx.first(queues, eq(queues.id, ticket.queueId)) : undefined;
  const agent = user === undefined && ticket.userId ? await tx.first(users, eq(users.id, ticket.userId)) : undefined;
  const tenant = await getOwnTenant(tx);
  const speaker = user === undefined ? (agent ? { name: agent.name, email: agent.email } : null) : user;
  return resolveVariables(text, {
    contact: {
      name: contact?.name ?? '',
      number: contact?.number ?? '',
      email: contact?.email ?? '',
      extraInfo: contact?.extraInfo ?? [],
    },
    ticket: { id: ticket.id, protocol: ticket.protocol },
    queueName: queue?.name ?? null,
    user: speaker,
    timezone: tenant.timezone,
    now,
  });
}

/** Records `body` as a pending outbound message of the ticket; sent by the outbox after commit. */
export async function recordTicketText(
  tx: TenantScope,
  ticket: Pick<TicketRow, 'id' | 'contactId' | 'channelId'>,
  body: string,
  userId: number | null = null,
): Promise<MessageRow> {
  const message = await tx.insert(messages, {
    ticketId: ticket.id,
    contactId: ticket.contactId,
    channelId: ticket.channelId,
    userId,
    fromMe: true,
    body,
    status: 'pending',
    mediaType: 'chat',
  });
  enqueueSend(tx, message);
  emitMessage(tx, ticket.id, 'create', presentMessage(message));
  return message;
}

/** The channel's farewell text ('' when it has none or the ticket has no channel). */
export async function channelFarewell(tx: TenantScope, channelId: number | null): Promise<string> {
  if (!channelId) return '';
  const row = await tx.first(channels, eq(channels.id, channelId));
  return row?.farewellMessage.trim() ?? '';
}
