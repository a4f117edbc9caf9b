import type { User } from '@prosa/contracts';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { presentConfigs } from '../auth/auth.presenter.js';
import { userCan } from './users.policy.js';
import type { QueueRef, UserRow } from './users.queries.js';

/** The fields everyone of the company may see (the list serves agents choosing a transfer target). */
export function presentUserSummary(row: UserRow, queues: QueueRef[]) {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    email: row.email,
    profile: row.profile,
    queues,
    ignoreWallet: row.ignoreWallet,
    blockMultipleLogins: row.blockMultipleLogins,
    isOnline: row.isOnline,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An agent's view of a colleague in the list: name, presence and queues. */
export function presentDirectoryEntry(row: UserRow, queues: QueueRef[]) {
  return { id: row.id, tenantId: row.tenantId, name: row.name, queues, isOnline: row.isOnline };
}

export function presentUser(
  row: UserRow,
  queues: QueueRef[],
  viewer: AuthContext,
  channelIds: number[],
  callLineIds: number[] = [],
): User {
  return {
    ...presentUserSummary(row, queues),
    channelIds,
    callLineIds,
    callsBlocked: row.callsBlocked,
    // Configs are personal preferences (theme, saved filters): others get the defaults.
    configs: presentConfigs(viewer.userId === row.id ? row.configs : {}),
    can: userCan(viewer, row),
  };
}
