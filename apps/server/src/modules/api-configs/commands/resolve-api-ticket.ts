/**
 * The ticket a message of the external API goes to: the given ticket (on the configuration's
 * channel), or the open or pending ticket of the number's contact on that channel, made when
 * there is none (a new contact too), pending in the channel's default queue, like a customer's first
 * message would (the shared inbound helpers, so the unique indexes settle races the same way).
 */
import { eq } from 'drizzle-orm';
import { tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { ChannelRow } from '../../channels/channel-adapter.js';
import { createContact, createTicket, findContactAndTicket } from '../../messages/inbound-contact-ticket.js';
import { emitTicketChange } from '../../tickets/tickets.events.js';
import type { TicketRow } from '../../tickets/tickets.presenter.js';

export async function ticketOnChannel(scope: TenantScope, channel: ChannelRow, ticketId: number): Promise<TicketRow> {
  const ticket = await scope.first(tickets, eq(tickets.id, ticketId));
  if (!ticket || ticket.channelId !== channel.id) throw new AppError('ERR_NO_TICKET_FOUND');
  return ticket;
}

export async function ticketForNumber(scope: TenantScope, channel: ChannelRow, number: string): Promise<TicketRow> {
  return scope.transaction(async (tx) => {
    const identity = { number };
    const found = await findContactAndTicket(tx, channel, identity);
    if (found.ticket) return found.ticket;
    const contact = found.contact ?? (await createContact(tx, identity, { number, name: number }, false));
    const { ticket, created } = await createTicket(tx, channel, contact, { status: 'pending', userId: null });
    if (created) emitTicketChange(tx, ticket.id, 'create');
    return ticket;
  });
}
