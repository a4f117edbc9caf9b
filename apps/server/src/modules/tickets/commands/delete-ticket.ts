import { eq } from 'drizzle-orm';
import { tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { auditDeletes } from '../audit-log.js';
import { emitTicketDeleted } from '../tickets.events.js';
import { assertCan } from '../tickets.policy.js';
import { loadTicketBases } from '../tickets.presenter.js';
import { getVisibleTicket } from '../tickets.queries.js';
import { loadViewer } from '../tickets.viewer.js';

/**
 * Delete a ticket with its messages, notes and log (they cascade: a log row cannot outlive the
 * ticket it points to; the audit row of audit mode does, see audit-log.ts). The event's view is
 * read before the row goes.
 */
export async function deleteTicket(scope: TenantScope, auth: AuthContext, id: number): Promise<void> {
  await scope.transaction(async (tx) => {
    const viewer = await loadViewer(tx, auth);
    const { facts } = await getVisibleTicket(tx, viewer, id, true);
    assertCan(viewer, facts, 'delete');
    const [base] = await loadTicketBases(tx, [id]);
    await auditDeletes(tx, viewer, base ? [base] : []);
    await tx.delete(tickets, eq(tickets.id, id));
    if (base) emitTicketDeleted(tx, base);
  });
}
