// SECURITY-CRITICAL: a user's channels (SPEC §3 User "channels"): the channels a user is limited
// to; none means every channel. The ticket policy reads them (tickets.policy.ts channelAllowed).
import { asc, eq, inArray } from 'drizzle-orm';
import { channels, userChannels } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

/** The channel ids of many users in one query (a page of the list loads them at once). */
export async function channelIdsOfUsers(scope: TenantScope, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await scope
    .select(userChannels, inArray(userChannels.userId, userIds))
    .orderBy(asc(userChannels.channelId));
  for (const r of rows) byUser.get(r.userId)?.push(r.channelId);
  return byUser;
}

export async function channelIdsOf(scope: TenantScope, userId: number): Promise<number[]> {
  return (await channelIdsOfUsers(scope, [userId])).get(userId) ?? [];
}

/**
 * Every id must be a channel of the company; another company's channel counts as missing (the
 * scope only sees its own). A field error, as the form shows it under the select.
 */
export async function assertChannelsOfCompany(scope: TenantScope, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const n = await scope.count(channels, inArray(channels.id, unique));
  if (n !== unique.length) throw new AppError('ERR_VALIDATION', { channelIds: 'userChannels.notFound' });
}

/** Replaces the user's channels (inside the caller's transaction). */
export async function replaceUserChannels(tx: TenantScope, userId: number, ids: number[]): Promise<void> {
  await tx.delete(userChannels, eq(userChannels.userId, userId));
  const unique = [...new Set(ids)];
  if (unique.length)
    await tx.insert(
      userChannels,
      unique.map((channelId) => ({ userId, channelId })),
    );
}
