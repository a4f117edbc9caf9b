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

/**
 * A status of a provider id that no stored message has: a message sent without a messages row (a
 * campaign's, modules/campaigns). Same rules as above: cheap, inside the status path.
 */
export interface UnmatchedStatusFacts {
  channelId: number;
  externalId: string;
  status: 'sent' | 'delivered' | 'read' | 'played' | 'failed';
  error?: string | undefined;
}
export type AfterUnmatchedStatus = (scope: TenantScope, facts: UnmatchedStatusFacts) => void | Promise<void>;

const unmatchedHooks = new Set<AfterUnmatchedStatus>();

export function onUnmatchedStatus(hook: AfterUnmatchedStatus): void {
  unmatchedHooks.add(hook);
}

export async function runUnmatchedStatus(scope: TenantScope, facts: UnmatchedStatusFacts): Promise<void> {
  for (const hook of unmatchedHooks) await hook(scope, facts);
}

/**
 * A person blocked the company or stopped its marketing messages (an `optout` inbound event), once
 * their contact is known. Same rules: cheap, inside the inbound write.
 */
export interface OptOutFacts {
  channelId: number;
  contactId: number;
  reason: 'blocked' | 'marketing-stop';
  at: Date;
}
export type AfterOptOut = (scope: TenantScope, facts: OptOutFacts) => void | Promise<void>;

const optOutHooks = new Set<AfterOptOut>();

export function onOptOut(hook: AfterOptOut): void {
  optOutHooks.add(hook);
}

export async function runOptOut(scope: TenantScope, facts: OptOutFacts): Promise<void> {
  for (const hook of optOutHooks) await hook(scope, facts);
}
