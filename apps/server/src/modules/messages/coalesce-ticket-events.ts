/**
 * Ticket updates caused by messages, coalesced per tenant: changed ticket ids go into a set and
 * one drain per tenant publishes them in batches. When idle, an update is published at once;
 * under a burst, a ticket changed many times while the drain is busy is published once, with its
 * latest state, and a batch's views and audiences are read together (publishTicketUpdates), so
 * ticket events do not starve the inbound path:
 * messages keep their own event each (messages.events.ts); ticket lists lag a little under load.
 */
import type { Database } from '../../platform/db/client.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { runInBackground } from '../../platform/lifecycle/background.js';
import { publishTicketUpdates } from '../tickets/tickets.events.js';

/** Tickets published per round (their views and audiences are read together). */
const BATCH = 100;

interface Drain {
  dirty: Set<number>;
  running: boolean;
}
/** Per app instance (tests run several), per tenant. */
const drains = new WeakMap<Database, Map<number, Drain>>();

async function drain(db: Database, tenantId: number, d: Drain): Promise<void> {
  d.running = true;
  try {
    while (d.dirty.size > 0) {
      const ids = [...d.dirty];
      d.dirty.clear();
      for (let i = 0; i < ids.length; i += BATCH) {
        const batch = ids.slice(i, i + BATCH);
        await withTenant(db, tenantId, (s) => publishTicketUpdates(s, batch)).catch((err: unknown) =>
          console.error('ticket event failed', err),
        );
      }
    }
  } finally {
    d.running = false;
  }
}

export function emitTicketUpdateCoalesced(scope: TenantScope, ticketId: number): void {
  const db = scope.database;
  const tenantId = scope.tenantId;
  scope.afterCommit(() => {
    let byTenant = drains.get(db);
    if (!byTenant) drains.set(db, (byTenant = new Map()));
    let d = byTenant.get(tenantId);
    if (!d) byTenant.set(tenantId, (d = { dirty: new Set(), running: false }));
    d.dirty.add(ticketId);
    if (!d.running) runInBackground(db, () => drain(db, tenantId, d!));
  });
}
