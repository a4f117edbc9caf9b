import { inArray } from 'drizzle-orm';
import { tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { auditDeletes } from '../audit-log.js';
import { emitTicketDeleted } from '../tickets.events.js';
import { isTicketVisible } from '../tickets.policy.js';
import { factsOf, loadTicketBases } from '../tickets.presenter.js';
import { loadViewer } from '../tickets.viewer.js';

/**
 * An admin deletes many tickets (with their messages); only the tenant's own that it may see are
 * touched (an agent's private ticket is not its to delete), each logged in audit mode.
 */
export async function bulkDeleteTickets(scope: TenantScope, auth: AuthContext, ids: number[]): Promise<number> {
  return scope.transaction(async (tx) => {
    const viewer = await loadViewer(tx, auth);
    const bases = (await loadTicketBases(tx, [...new Set(ids)])).filter((b) => isTicketVisible(viewer, factsOf(b)));
    if (bases.length === 0) return 0;
    await auditDeletes(tx, viewer, bases);
    const rows = await tx.delete(
      tickets,
      inArray(
        tickets.id,
        bases.map((b) => b.row.id),
      ),
    );
    const gone = new Set(rows.map((r) => r.id));
    for (const b of bases) if (gone.has(b.row.id)) emitTicketDeleted(tx, b);
    return rows.length;
  });
}
