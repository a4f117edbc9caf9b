/**
 * Ticket updates caused by messages, coalesced per tenant: changed ticket ids go into a set and
 * one drain per tenant publishes them in batches, each round WINDOW_MS after the previous one. A
 * ticket changed many times within a window is published once, with its latest state, and a
 * batch's views and audiences are read together (publishTicketUpdates), so ticket events do not
 * starve the inbound path (publishing at once made rounds of two or three tickets under load, and
 * their reads cost more than the messages themselves):
 * messages keep their own event each (messages.events.ts); ticket lists lag a little under load.
 */
import type { Database } from '../../platform/db/client.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { runInBackground } from '../../platform/lifecycle/background.js';
import { publishTicketUpdates } from '../tickets/tickets.events.js';

/** Tickets published per round (their views and audiences are read together). */
const BATCH = 100;
/** How long ticket updates gather before a round publishes them: unnoticeable in a list. */
const WINDOW_MS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Drain {
  /** Ticket id -> what to publish; a ticket created within the window is published as 'create'. */
  dirty: Map<number, 'create' | 'update'>;
  running: boolean;
}
/** Per app instance (tests run several), per tenant. */
const drains = new WeakMap<Database, Map<number, Drain>>();

async function drain(db: Database, tenantId: number, d: Drain): Promise<void> {
  d.running = true;
  try {
    while (d.dirty.size > 0) {
      await sleep(WINDOW_MS);
      const round = new Map(d.dirty);
      d.dirty.clear();
      const ids = [...round.keys()];
      for (let i = 0; i < ids.length; i += BATCH) {
        const batch = ids.slice(i, i + BATCH);
        await withTenant(db, tenantId, (s) => publishTicketUpdates(s, batch, (id) => round.get(id) ?? 'update')).catch(
          (err: unknown) => console.error('ticket event failed', err),
        );
      }
    }
  } finally {
    d.running = false;
  }
}

/** A ticket's 'update' (or, for one the inbound path just opened, its 'create'), coalesced. */
export function emitTicketUpdateCoalesced(
  scope: TenantScope,
  ticketId: number,
  action: 'create' | 'update' = 'update',
): void {
  const db = scope.database;
  const tenantId = scope.tenantId;
  scope.afterCommit(() => {
    let byTenant = drains.get(db);
    if (!byTenant) drains.set(db, (byTenant = new Map()));
    let d = byTenant.get(tenantId);
    if (!d) byTenant.set(tenantId, (d = { dirty: new Map(), running: false }));
    if (d.dirty.get(ticketId) !== 'create') d.dirty.set(ticketId, action);
    if (!d.running) runInBackground(db, () => drain(db, tenantId, d!));
  });
}
