import { and, inArray, ne } from 'drizzle-orm';
import { ticketLogs, tickets } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { startRatings } from '../../ratings/start-rating.js';
import { emitTicketChange } from '../tickets.events.js';
import { loadViewer } from '../tickets.viewer.js';
import { privacySql } from '../tickets.visibility-sql.js';

/** An admin closes many tickets at once; only the tenant's own, not yet closed, that it may see are touched. */
export async function bulkCloseTickets(scope: TenantScope, auth: AuthContext, ids: number[]): Promise<number> {
  return scope.transaction(async (tx) => {
    const now = new Date();
    const rows = await tx.update(
      tickets,
      { status: 'closed', closedAt: now, closeAfter: null, unreadMessages: 0, updatedAt: now },
      // An agent's private ticket is not the admin's to close (unless it may view private tickets).
      and(
        inArray(tickets.id, [...new Set(ids)]),
        ne(tickets.status, 'closed'),
        privacySql(await loadViewer(tx, auth)),
      )!,
    );
    if (rows.length) {
      await tx.insert(
        ticketLogs,
        rows.map((r) => ({
          ticketId: r.id,
          type: 'closed',
          userId: auth.userId,
          queueId: r.queueId,
          payload: { bulk: true },
        })),
      );
    }
    await startRatings(tx, rows, now);
    for (const r of rows) emitTicketChange(tx, r.id, 'update');
    return rows.length;
  });
}
