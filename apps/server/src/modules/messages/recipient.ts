import type { OutboundMessage } from '../channels/channel-adapter.js';
import type { contacts } from '../../platform/db/schema.js';
import { providerIdOf } from './inbound-contact-ticket.js';

/** Whom a message of this contact goes to: its number, or the id the provider knows it by. */
export const recipientOf = (contact: typeof contacts.$inferSelect): OutboundMessage['to'] => ({
  number: contact.number,
  providerId: contact.webchatId ?? (contact.externalKey ? providerIdOf(contact.externalKey) : contact.lid),
});
