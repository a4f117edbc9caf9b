import type { Database } from '../db/client.js';
import type { TenantScope } from '../db/tenant-scope.js';
import type { JobDefinition } from './define-job.js';
import type { Jobs, SendOptions } from './jobs.js';

const queues = new WeakMap<Database, Jobs>();

export function setJobs(db: Database, jobs: Jobs): void {
  queues.set(db, jobs);
}

export function jobsOf(db: Database): Jobs {
  const jobs = queues.get(db);
  if (!jobs) throw new Error('job queue not started');
  return jobs;
}

/**
 * Enqueues a job of the scope's tenant once the surrounding transaction has committed, so a job
 * never sees a row that is not there yet. Work that must survive a crash between commit and
 * enqueue is also found by its domain's sweeper (the row itself says it is pending).
 */
export function enqueue<T extends { tenantId: number }>(
  scope: TenantScope,
  job: JobDefinition<T>,
  data: Omit<T, 'tenantId'>,
  opts?: SendOptions,
): void {
  const jobs = jobsOf(scope.database);
  scope.afterCommit(async () => {
    await jobs.send(job, { ...data, tenantId: scope.tenantId } as T, opts);
  });
}

/** `enqueue` for several jobs of one kind: one statement after commit instead of one per job. */
export function enqueueMany<T extends { tenantId: number }>(
  scope: TenantScope,
  job: JobDefinition<T>,
  items: { data: Omit<T, 'tenantId'>; opts?: SendOptions }[],
): void {
  if (items.length === 0) return;
  const jobs = jobsOf(scope.database);
  scope.afterCommit(async () => {
    await jobs.sendMany(
      job,
      items.map(({ data, opts }) => ({ data: { ...data, tenantId: scope.tenantId } as T, ...(opts ? { opts } : {}) })),
    );
  });
}

/**
 * `enqueueMany` inside the scope's transaction: the jobs are inserted in it (one statement, no
 * round trip after commit) and so exist exactly when the rows they work on do; a crash loses
 * neither. The worker is woken after commit. Outside a transaction it queues at once.
 */
export async function enqueueManyWithin<T extends { tenantId: number }>(
  scope: TenantScope,
  job: JobDefinition<T>,
  items: { data: Omit<T, 'tenantId'>; opts?: SendOptions }[],
): Promise<void> {
  if (items.length === 0) return;
  const jobs = jobsOf(scope.database);
  const list = items.map(({ data, opts }) => ({
    data: { ...data, tenantId: scope.tenantId } as T,
    ...(opts ? { opts } : {}),
  }));
  const runner = scope.jobQueueRunner();
  if (!runner) return jobs.sendMany(job, list);
  await jobs.sendMany(job, list, runner);
  if (list.some((i) => !i.opts?.startAfter)) scope.afterCommit(() => jobs.wake(job as JobDefinition<unknown>));
}
