import type { UpdateTicket } from '@prosa/contracts';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { getTicketRow } from '../tickets.queries.js';
import { acceptTicket } from './accept-ticket.js';
import { closeTicket } from './close-ticket.js';
import { reopenTicket } from './reopen-ticket.js';
import { returnTicket } from './return-ticket.js';
import { transferTicket } from './transfer-ticket.js';

/**
 * PUT /tickets/{id} speaks the body clients of this family send ({status, userId}, a transfer,
 * a close with farewell); this picks the one action it means. Each action re-reads the ticket
 * locked and re-checks what the caller may do, so a stale read here cannot let a change through.
 */
export async function updateTicket(
  scope: TenantScope,
  auth: AuthContext,
  id: number,
  input: UpdateTicket,
): Promise<void> {
  const current = await getTicketRow(scope, id);
  if (input.status === 'closed') {
    if (current.status !== 'closed')
      await closeTicket(scope, auth, id, input.farewellMessage, { useChannelFarewell: input.useChannelFarewell });
    return;
  }
  // Accepting or reopening names the caller as user; that is not a transfer.
  const takesItSelf =
    input.status === 'open' && current.status !== 'open' && (input.userId ?? auth.userId) === auth.userId;
  const queueChanges = input.queueId !== undefined && input.queueId !== current.queueId;
  const userChanges = input.userId !== undefined && input.userId !== current.userId && !takesItSelf;
  if (current.status !== 'closed' && (input.isTransference || queueChanges || userChanges)) {
    await transferTicket(scope, auth, id, { queueId: input.queueId, userId: input.userId, status: input.status });
    return;
  }
  if (current.status === 'closed' && (input.status === 'open' || input.status === 'pending')) {
    await reopenTicket(scope, auth, id, input.status);
    return;
  }
  if (input.status === 'open' && current.status === 'pending') await acceptTicket(scope, auth, id);
  else if (input.status === 'pending' && current.status === 'open') await returnTicket(scope, auth, id);
}
