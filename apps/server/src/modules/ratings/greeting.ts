import type { ChannelRow } from '../channels/channel-adapter.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { ContactRow } from '../messages/inbound-contact-ticket.js';
import type { TicketRow } from '../tickets/tickets.presenter.js';
import { recordTicketText, resolveTicketText } from './ticket-texts.js';

/**
 * The channel's greeting, when an inbound message has just created a ticket: called once, in the
 * transaction that created it (a duplicate message rolls that back, greeting included). Groups
 * are not greeted.
 */
export async function sendGreeting(
  tx: TenantScope,
  channel: Pick<ChannelRow, 'greetingMessage'>,
  ticket: TicketRow,
  contact: Pick<ContactRow, 'isGroup'>,
): Promise<void> {
  const text = channel.greetingMessage.trim();
  if (!text || contact.isGroup) return;
  await recordTicketText(tx, ticket, await resolveTicketText(tx, ticket, text));
}
