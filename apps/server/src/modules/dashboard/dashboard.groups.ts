import type { Dashboard } from '@prosa/contracts';
import { inArray } from 'drizzle-orm';
import { channels, queues, users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { num } from './dashboard.sql.js';
import type { GroupRow } from './dashboard.tickets.js';

type Group = Dashboard['byChannel'][number];

/**
 * Tickets created and closed in the period per channel, per queue and per user (the grouping sets
 * of dashboard.tickets.ts), named. A ticket counts for the user it belongs to now
 * (tickets.user_id), once, even when it was transferred between agents; tickets without one group
 * under id null.
 */
export async function namedGroups(
  scope: TenantScope,
  rows: GroupRow[],
): Promise<Pick<Dashboard, 'byChannel' | 'byQueue' | 'byUser'>> {
  // grouping(): a bit per column left out of the set, the first column the highest.
  const of = (set: number, id: (r: GroupRow) => number | null) =>
    rows.filter((r) => num(r.set) === set).map((r) => ({ id: id(r), created: num(r.created), closed: num(r.closed) }));
  const byChannel = of(3, (r) => r.channelId);
  const byQueue = of(5, (r) => r.queueId);
  const byUser = of(6, (r) => r.userId);
  const ids = (list: { id: number | null }[]) => list.map((g) => g.id).filter((id): id is number => id !== null);
  const ch = ids(byChannel).length ? await scope.select(channels, inArray(channels.id, ids(byChannel))) : [];
  const qu = ids(byQueue).length ? await scope.select(queues, inArray(queues.id, ids(byQueue))) : [];
  const us = ids(byUser).length ? await scope.select(users, inArray(users.id, ids(byUser))) : [];
  const named = (list: Omit<Group, 'name'>[], names: { id: number; name: string }[]): Group[] => {
    const byId = new Map(names.map((n) => [n.id, n.name]));
    return list
      .map((g) => ({ ...g, name: g.id === null ? '' : (byId.get(g.id) ?? '') }))
      .sort((a, b) => b.created + b.closed - (a.created + a.closed) || (a.id ?? 0) - (b.id ?? 0));
  };
  return { byChannel: named(byChannel, ch), byQueue: named(byQueue, qu), byUser: named(byUser, us) };
}
