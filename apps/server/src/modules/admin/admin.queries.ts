// SECURITY-CRITICAL: platform operator reads. They span every tenant by nature, so they run on the
// unscoped handle (`unsafeSystemDb`); only routes declared `auth: 'operator'` reach them.
import type { TenantStatus } from '@prosa/contracts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client.js';
import {
  plans,
  queues,
  resellers,
  tenants,
  userCallLines,
  userChannels,
  userQueues,
  users,
} from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

const responsibleUser = alias(users, 'responsible_user');

/** A company with its plan name, responsible user's name, user count and reseller, in one query (no N+1). */
function tenantViews(db: Database) {
  return unsafeSystemDb(db)
    .select({
      tenant: tenants,
      planName: plans.name,
      responsible: responsibleUser.name,
      usersCount: count(users.id),
      resellerName: resellers.name,
    })
    .from(tenants)
    .leftJoin(plans, eq(plans.id, tenants.planId))
    .leftJoin(
      responsibleUser,
      and(eq(responsibleUser.id, tenants.responsibleUserId), eq(responsibleUser.tenantId, tenants.id)),
    )
    .leftJoin(users, eq(users.tenantId, tenants.id))
    .leftJoin(resellers, eq(resellers.id, tenants.resellerId))
    .groupBy(tenants.id, plans.name, responsibleUser.name, resellers.name)
    .$dynamic();
}
export type TenantView = Awaited<ReturnType<typeof tenantViews>>[number];

export function listTenantViews(db: Database, status: TenantStatus): Promise<TenantView[]> {
  return tenantViews(db).where(eq(tenants.status, status)).orderBy(asc(tenants.name), asc(tenants.id));
}

export async function getTenantView(db: Database, id: number): Promise<TenantView> {
  const [row] = await tenantViews(db).where(eq(tenants.id, id));
  if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
  return row;
}

export async function assertTenantExists(db: Database, id: number): Promise<void> {
  const [row] = await unsafeSystemDb(db).select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id));
  if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
}

export type UserWithQueues = typeof users.$inferSelect & {
  queues: { id: number; name: string; color: string }[];
  channelIds: number[];
  callLineIds: number[];
};

/** Users with their queues, channels and call lines: four queries whatever the number of users. */
export async function withQueues(db: Database, rows: (typeof users.$inferSelect)[]): Promise<UserWithQueues[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((u) => u.id);
  const channelLinks = await unsafeSystemDb(db)
    .select({ userId: userChannels.userId, channelId: userChannels.channelId })
    .from(userChannels)
    .where(inArray(userChannels.userId, ids))
    .orderBy(asc(userChannels.channelId));
  const channelsByUser = new Map<number, number[]>();
  for (const l of channelLinks) channelsByUser.set(l.userId, [...(channelsByUser.get(l.userId) ?? []), l.channelId]);
  const lineLinks = await unsafeSystemDb(db)
    .select({ userId: userCallLines.userId, lineId: userCallLines.lineId })
    .from(userCallLines)
    .where(inArray(userCallLines.userId, ids))
    .orderBy(asc(userCallLines.lineId));
  const linesByUser = new Map<number, number[]>();
  for (const l of lineLinks) linesByUser.set(l.userId, [...(linesByUser.get(l.userId) ?? []), l.lineId]);
  const links = await unsafeSystemDb(db)
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, and(eq(queues.id, userQueues.queueId), eq(queues.tenantId, userQueues.tenantId)))
    .where(inArray(userQueues.userId, ids))
    .orderBy(asc(queues.name));
  const byUser = new Map<number, UserWithQueues['queues']>();
  for (const { userId, ...queue } of links) byUser.set(userId, [...(byUser.get(userId) ?? []), queue]);
  return rows.map((u) => ({
    ...u,
    queues: byUser.get(u.id) ?? [],
    channelIds: channelsByUser.get(u.id) ?? [],
    callLineIds: linesByUser.get(u.id) ?? [],
  }));
}

/** The users of company `tenantId`, by name. */
export async function listTenantUsers(db: Database, tenantId: number): Promise<UserWithQueues[]> {
  await assertTenantExists(db, tenantId);
  const rows = await unsafeSystemDb(db)
    .select()
    .from(users)
    .where(eq(users.tenantId, tenantId))
    .orderBy(asc(users.name), asc(users.id));
  return withQueues(db, rows);
}

/** Users per company and overall; the total is the sum of the same rows, so the two always agree. */
export async function usersTotal(db: Database) {
  const byTenant = await unsafeSystemDb(db)
    .select({ tenantId: users.tenantId, count: count() })
    .from(users)
    .groupBy(users.tenantId)
    .orderBy(asc(users.tenantId));
  return { total: byTenant.reduce((n, r) => n + r.count, 0), byTenant };
}
