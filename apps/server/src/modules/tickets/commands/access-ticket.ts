import type { Ticket } from '@prosa/contracts';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { auditAccess } from '../audit-log.js';
import { logTicket } from '../ticket-log.js';
import { loadTicketBases, presentTicket } from '../tickets.presenter.js';
import { getVisibleTicket } from '../tickets.queries.js';
import { loadViewer } from '../tickets.viewer.js';

/**
 * Open a ticket: its view, an 'access' row in its log (who looked, when) and, in audit mode, an
 * audit row when an admin or supervisor opens someone else's ticket.
 */
export async function accessTicket(scope: TenantScope, auth: AuthContext, id: number): Promise<Ticket> {
  const viewer = await loadViewer(scope, auth);
  const { row } = await getVisibleTicket(scope, viewer, id);
  await logTicket(scope, id, 'access', { userId: auth.userId, queueId: row.queueId });
  const [base] = await loadTicketBases(scope, [id]);
  await auditAccess(scope, viewer, base!);
  return presentTicket(base!, viewer);
}
