import type { ApiTicketInput } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { contacts } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import { getChannel } from '../../channels/channels.queries.js';
import { createContact, createTicket } from '../../messages/inbound-contact-ticket.js';
import { getQueue } from '../../queues/queues.queries.js';
import { emitTicketChange } from '../../tickets/tickets.events.js';
import { activeTicketOf } from '../../tickets/tickets.queries.js';
import type { ApiConfigRow } from '../api-configs.queries.js';

/**
 * A pending ticket of a contact (by id, or by number: made when new) on the configuration's
 * channel, in the given queue or the channel's default. One active ticket per contact and channel:
 * ERR_OTHER_OPEN_TICKET.
 */
export async function createApiTicket(scope: TenantScope, config: ApiConfigRow, input: ApiTicketInput): Promise<number> {
  const channel = await getChannel(scope, config.channelId);
  if (input.queueId !== undefined) await getQueue(scope, input.queueId);
  return scope.transaction(async (tx) => {
    let contact = input.contactId !== undefined ? await tx.first(contacts, eq(contacts.id, input.contactId)) : undefined;
    if (input.contactId !== undefined && !contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    if (!contact) {
      const number = input.number!;
      contact = (await tx.first(contacts, eq(contacts.number, number))) ?? (await createContact(tx, { number }, { number, name: number }, false));
    }
    if (await activeTicketOf(tx, contact.id, channel.id)) throw new AppError('ERR_OTHER_OPEN_TICKET');
    const { ticket, created } = await createTicket(tx, channel, contact, {
      status: 'pending',
      userId: null,
      ...(input.queueId !== undefined ? { queueId: input.queueId } : {}),
    });
    if (!created) throw new AppError('ERR_OTHER_OPEN_TICKET');
    emitTicketChange(tx, ticket.id, 'create');
    return ticket.id;
  });
}
