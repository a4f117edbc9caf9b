import type { Database } from '../db/client.js';
import type { TenantScope } from '../db/tenant-scope.js';
import type { Room } from './realtime.js';

type Emitter = (tenantId: number, room: Room, event: string, payload: unknown) => void;
/** One emitter per app instance, found through the scope's database (tests run several apps). */
const emitters = new WeakMap<Database, Emitter>();

export function setEmitter(db: Database, fn: Emitter): void {
  emitters.set(db, fn);
}

type Cutter = (tenantId: number, rooms: Room[]) => void;
const cutters = new WeakMap<Database, Cutter>();

export function setSocketCutter(db: Database, fn: Cutter): void {
  cutters.set(db, fn);
}

/**
 * Disconnects, on every app instance, the staff sockets in these rooms of the scope's tenant once
 * the change commits: a revoked session stops receiving events, and a user whose queues changed
 * reconnects into its new rooms (the client reconnects with a fresh token, or goes to login).
 */
export function cutSockets(scope: TenantScope, rooms: Room[]): void {
  const cut = cutters.get(scope.database);
  if (!cut || rooms.length === 0) return;
  scope.afterCommit(() => cut(scope.tenantId, rooms));
}

/** The same, now, for platform commands that act on a whole company (deactivate, delete). */
export function cutTenantSockets(db: Database, tenantId: number): void {
  cutters.get(db)?.(tenantId, [{ kind: 'tenant' }, { kind: 'admins' }]);
}

/** Publishes a domain event to a room of the scope's own tenant, after the change commits. */
export function publish(scope: TenantScope, room: Room, event: string, payload: unknown): void {
  const emit = emitters.get(scope.database);
  if (!emit) return;
  scope.afterCommit(() => emit(scope.tenantId, room, event, payload));
}
