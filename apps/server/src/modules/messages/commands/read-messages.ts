import { and, eq, gt } from 'drizzle-orm';
import { tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { emitTicketChange } from '../../tickets/tickets.events.js';
import { assertMayRead } from '../messages.policy.js';
import { ticketMessagesPage } from '../messages.queries.js';

/** A page of the conversation. Opening it marks the ticket read (unreadMessages back to 0). */
export async function readMessages(scope: TenantScope, auth: AuthContext, ticketId: number, pageNumber: number) {
  const { base } = await assertMayRead(scope, auth, ticketId);
  const page = await ticketMessagesPage(scope, ticketId, pageNumber);
  if (base.row.unreadMessages > 0) {
    const changed = await scope.update(
      tickets,
      { unreadMessages: 0 },
      and(eq(tickets.id, ticketId), gt(tickets.unreadMessages, 0))!,
    );
    if (changed.length) emitTicketChange(scope, ticketId, 'update');
  }
  return { ...page, ticket: { id: base.row.id, status: base.row.status } };
}
