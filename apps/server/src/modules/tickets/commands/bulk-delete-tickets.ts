import { inArray } from 'drizzle-orm';
import { tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { emitTicketDeleted } from '../tickets.events.js';
import { loadTicketBases } from '../tickets.presenter.js';

/** An admin deletes many tickets (with their messages); only the tenant's own are touched. */
export async function bulkDeleteTickets(scope: TenantScope, ids: number[]): Promise<number> {
  return scope.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const bases = await loadTicketBases(tx, unique);
    const rows = await tx.delete(tickets, inArray(tickets.id, unique));
    const gone = new Set(rows.map((r) => r.id));
    for (const b of bases) if (gone.has(b.row.id)) emitTicketDeleted(tx, b);
    return rows.length;
  });
}
