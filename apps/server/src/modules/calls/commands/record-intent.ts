/**
 * POST /calls/intents: the browser says the user is placing (out) or has accepted (in) a call on a
 * line with a contact. Nothing here is a call log: the webhook writes those, and takes the user
 * and ticket from the latest intent on the same line with the same peer (ingest-call-event.ts).
 */
import type { CallIntentInput } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { callIntents, contacts, users } from '../../../platform/db/schema.js';
import { createContact } from '../../messages/inbound-contact-ticket.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { contactView } from '../../contacts/contacts.policy.js';
import { getContact } from '../../contacts/contacts.queries.js';
import { getVisibleTicket } from '../../tickets/tickets.queries.js';
import { loadViewer } from '../../tickets/tickets.viewer.js';
import { usableLine } from '../call-lines.js';

/** Read from the row, not the session cache: a block takes effect at once. */
export async function assertCallsAllowed(scope: TenantScope, userId: number): Promise<void> {
  const me = await scope.first(users, eq(users.id, userId));
  if (!me || me.callsBlocked) throw new AppError('ERR_CALLS_BLOCKED');
}

export const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** The tenant's contact of a caller's number, created when unknown (as an inbound message would). */
async function contactOfNumber(scope: TenantScope, number: string) {
  if (number.length < 5) throw new AppError('ERR_VALIDATION', { phone: 'validation.phone' });
  return (
    (await scope.first(contacts, eq(contacts.number, number))) ?? createContact(scope, { number }, { number }, false)
  );
}

export async function recordIntent(scope: TenantScope, auth: AuthContext, input: CallIntentInput) {
  await assertCallsAllowed(scope, auth.userId);
  const line = await usableLine(scope, auth.userId, input.lineId);
  const contact =
    input.contactId !== undefined
      ? await getContact(scope, await contactView(scope, auth), input.contactId)
      : await contactOfNumber(scope, digitsOf(input.phone ?? ''));
  const ticketId = input.ticketId ?? null;
  if (ticketId !== null) {
    const { row } = await getVisibleTicket(scope, await loadViewer(scope, auth), ticketId);
    if (row.contactId !== contact.id) throw new AppError('ERR_NO_TICKET_FOUND');
  }
  const row = await scope.insert(callIntents, {
    lineId: line.id,
    userId: auth.userId,
    ticketId,
    contactId: contact.id,
    phone: digitsOf(contact.number),
    direction: input.direction,
  });
  return { id: row.id };
}
