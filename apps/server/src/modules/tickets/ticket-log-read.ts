import type { TicketLog } from '@prosa/contracts';
import { inArray } from 'drizzle-orm';
import { queues, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { presentLog } from './tickets.presenter.js';
import { listTicketLogs } from './tickets.queries.js';

/** Entries whose payload names both sides of a transfer (transfer-ticket.ts writes the pair). */
const TRANSFER_TYPES = new Set(['transfered', 'receivedTransfer']);
type Side = 'fromQueueId' | 'toQueueId' | 'fromUserId' | 'toUserId';

const idOf = (payload: Record<string, unknown> | null, key: Side) => {
  const v = payload?.[key];
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
};

/**
 * The log of a ticket as the history panel and the conversation's timeline show it: each transfer
 * with the names of the queues and agents on both sides ("from Vendas (Diego) to Encomendas
 * (Carla)"), which the payload holds only as ids. Two small reads of this tenant's queues and users,
 * whatever the number of transfers; a side since deleted is named null.
 */
export async function readTicketLog(scope: TenantScope, ticketId: number): Promise<TicketLog[]> {
  const rows = await listTicketLogs(scope, ticketId);
  const transfers = rows.filter((r) => TRANSFER_TYPES.has(r.type));
  const queueIds = new Set<number>();
  const userIds = new Set<number>();
  for (const r of transfers) {
    for (const key of ['fromQueueId', 'toQueueId'] as const) {
      const id = idOf(r.payload, key);
      if (id !== null) queueIds.add(id);
    }
    for (const key of ['fromUserId', 'toUserId'] as const) {
      const id = idOf(r.payload, key);
      if (id !== null) userIds.add(id);
    }
  }
  const [qs, us] = await Promise.all([
    queueIds.size ? scope.select(queues, inArray(queues.id, [...queueIds])) : Promise.resolve([]),
    userIds.size ? scope.select(users, inArray(users.id, [...userIds])) : Promise.resolve([]),
  ]);
  const queueName = new Map(qs.map((q) => [q.id, { id: q.id, name: q.name }]));
  const userName = new Map(us.map((u) => [u.id, { id: u.id, name: u.name }]));
  const named = (map: Map<number, { id: number; name: string }>, id: number | null) =>
    id === null ? null : (map.get(id) ?? null);
  return rows.map((r) => ({
    ...presentLog(r),
    transfer: TRANSFER_TYPES.has(r.type)
      ? {
          fromQueue: named(queueName, idOf(r.payload, 'fromQueueId')),
          toQueue: named(queueName, idOf(r.payload, 'toQueueId')),
          fromUser: named(userName, idOf(r.payload, 'fromUserId')),
          toUser: named(userName, idOf(r.payload, 'toUserId')),
        }
      : null,
  }));
}
