import { asc, eq, inArray } from 'drizzle-orm';
import { queues, userQueues } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';

export function listQueues(scope: TenantScope, onlyIds?: number[]) {
  if (onlyIds && onlyIds.length === 0) return Promise.resolve([]);
  return scope.select(queues, onlyIds ? inArray(queues.id, onlyIds) : undefined).orderBy(asc(queues.name));
}

export async function getQueue(scope: TenantScope, id: number) {
  const row = await scope.first(queues, eq(queues.id, id));
  if (!row) throw new AppError('ERR_NO_QUEUE_FOUND');
  return row;
}

export async function queueIdsOfUser(scope: TenantScope, userId: number): Promise<number[]> {
  const rows = await scope.select(userQueues, eq(userQueues.userId, userId));
  return rows.map((r) => r.queueId);
}

/** Throws ERR_NO_QUEUE_FOUND unless every id is a queue of this tenant. */
export async function assertQueuesExist(scope: TenantScope, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const n = await scope.count(queues, inArray(queues.id, unique));
  if (n !== unique.length) throw new AppError('ERR_NO_QUEUE_FOUND');
}
