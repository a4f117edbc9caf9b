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
