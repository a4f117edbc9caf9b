/**
 * GET /calls/lookup: who is calling, for the incoming-call window. The contact of that number as
 * the user may see it (wallet rules; the name masked when it is the number and numbers are
 * hidden), and its newest open or pending ticket the user may see.
 */
import type { CallLookup } from '@prosa/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { contacts, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { contactView } from '../../contacts/contacts.policy.js';
import { maskNumber } from '../../contacts/contacts.presenter.js';
import { visible } from '../../contacts/contacts.queries.js';
import { factsOfRow } from '../../tickets/tickets.queries.js';
import { isTicketVisible, masksNumbers } from '../../tickets/tickets.policy.js';
import { loadViewer } from '../../tickets/tickets.viewer.js';
import { digitsOf } from './record-intent.js';

export async function lookupCaller(scope: TenantScope, auth: AuthContext, phone: string): Promise<CallLookup> {
  const number = digitsOf(phone);
  const view = await contactView(scope, auth);
  const [contact] = await scope.query((db, owns) =>
    db
      .select()
      .from(contacts)
      .where(visible(db, owns, view, undefined, eq(contacts.number, number)))
      .limit(1),
  );
  if (!contact) return { contact: null, ticketId: null };
  const viewer = await loadViewer(scope, auth);
  const open = await scope
    .select(tickets, and(eq(tickets.contactId, contact.id), inArray(tickets.status, ['open', 'pending'])))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(5);
  let ticketId: number | null = null;
  for (const t of open) {
    if (isTicketVisible(viewer, await factsOfRow(scope, t))) {
      ticketId = t.id;
      break;
    }
  }
  const hide = view.maskNumbers || masksNumbers(viewer);
  const name = hide && contact.name === contact.number ? maskNumber(contact.name) : contact.name;
  return { contact: { id: contact.id, name, profilePicUrl: contact.profilePicUrl }, ticketId };
}
