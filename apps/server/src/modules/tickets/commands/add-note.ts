import { ticketNotes } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { getVisibleTicket } from '../tickets.queries.js';
import { loadViewer } from '../tickets.viewer.js';

/** An internal note on a ticket the caller may see; customers never see notes. */
export async function addNote(scope: TenantScope, auth: AuthContext, ticketId: number, body: string) {
  await getVisibleTicket(scope, await loadViewer(scope, auth), ticketId);
  return scope.insert(ticketNotes, { ticketId, userId: auth.userId, body });
}
