import type { Database } from '../db/client.js';
import type { TenantScope } from '../db/tenant-scope.js';
import type { Room } from './realtime.js';

type Emitter = (tenantId: number, room: Room, event: string, payload: unknown) => void;
/** One emitter per app instance, found through the scope's database (tests run several apps). */
const emitters = new WeakMap<Database, Emitter>();

export function setEmitter(db: Database, fn: Emitter): void {
  emitters.set(db, fn);
}

/** Publishes a domain event to a room of the scope's own tenant, after the change commits. */
export function publish(scope: TenantScope, room: Room, event: string, payload: unknown): void {
  const emit = emitters.get(scope.database);
  if (!emit) return;
  scope.afterCommit(() => emit(scope.tenantId, room, event, payload));
}
