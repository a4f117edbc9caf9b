/**
 * Ticket updates caused by messages, coalesced per tenant: changed ticket ids go into a set and
 * one drain per tenant publishes them one after another. When idle, an update is published at
 * once; under a burst, a ticket changed many times while the drain is busy is published once,
 * with its latest state. Each update costs several queries (emitTicketChange loads the view and
 * judges every candidate viewer), so this keeps ticket events from starving the inbound path:
 * messages keep their own event each (messages.events.ts); ticket lists lag a little under load.
 */
import type { Database } from '../../platform/db/client.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { runInBackground } from '../../platform/lifecycle/background.js';
import { emitTicketChange } from '../tickets/tickets.events.js';

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
      for (const id of ids) {
        // Inside a (read-only) transaction so its after-commit publishing is awaited: one at a time.
        await withTenant(db, tenantId, (s) => s.transaction(async (tx) => emitTicketChange(tx, id, 'update'))).catch(
          (err: unknown) => console.error('ticket event failed', err),
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
