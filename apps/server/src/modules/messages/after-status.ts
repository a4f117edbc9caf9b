/**
 * The narrow port through which capabilities that react to a provider's acknowledgement of one of
 * our messages (sent, delivered, read, played, failed) reach the status path, like
 * after-inbound.ts for messages: the API configurations' `hookMessageStatus`. A hook runs inside
 * the status write: keep it cheap and enqueue through `scope` (the job starts after commit).
 */
import type { TenantScope } from '../../platform/db/tenant-scope.js';

export interface StatusFacts {
  messageId: number;
  ticketId: number;
  channelId: number;
  status: string;
}

export type AfterStatus = (scope: TenantScope, facts: StatusFacts) => void | Promise<void>;

const hooks = new Set<AfterStatus>();

/** Registered once at boot (modules/index.ts); registering the same hook again changes nothing. */
export function onAfterStatus(hook: AfterStatus): void {
  hooks.add(hook);
}

export async function runAfterStatus(scope: TenantScope, facts: StatusFacts): Promise<void> {
  for (const hook of hooks) await hook(scope, facts);
}
