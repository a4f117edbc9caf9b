/**
 * Background jobs on pg-boss, in the same database: PGlite through a small SQL adapter, or the
 * PostgreSQL server (shared by every instance). Definitions are the same on both.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { withTenant } from '../db/tenant-scope.js';
import type { Platform } from '../platform.js';
import type { JobDefinition } from './define-job.js';

export interface SendOptions {
  startAfter?: Date | number;
  /** At most one queued job with this key (pg-boss singleton). */
  singletonKey?: string;
}

export interface Jobs {
  send<T>(job: JobDefinition<T>, data: T, opts?: SendOptions): Promise<string | null>;
  start(platform: Platform): Promise<void>;
  stop(): Promise<void>;
}

export function createJobs(db: Database, registry: JobDefinition<any>[], log: FastifyBaseLogger, pollSeconds = 1): Jobs { // eslint-disable-line @typescript-eslint/no-explicit-any -- a registry holds jobs of every payload type
  const conn = db.jobsConnection;
  const boss = new PgBoss({
    ...('connectionString' in conn ? { connectionString: conn.connectionString, max: 5 } : { db: { executeSql: conn.executeSql } }),
    schema: 'pgboss',
    application_name: 'prosa-jobs',
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let started = false;
  let starting: Promise<void> | undefined;

  return {
    async send(job, data, opts = {}) {
      const payload = job.schema.parse(data);
      if (!started) await starting;
      return boss.send(job.id, payload as object, {
        ...(opts.startAfter ? { startAfter: opts.startAfter instanceof Date ? opts.startAfter : new Date(Date.now() + opts.startAfter * 1000) } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      });
    },
    async start(platform) {
      starting = (async () => {
        await boss.start();
        for (const job of registry) {
          await boss.createQueue(job.id, {
            name: job.id,
            retryLimit: job.retryLimit ?? 5,
            retryDelay: job.retryDelaySeconds ?? 5,
            retryBackoff: job.retryBackoff ?? true,
            expireInSeconds: job.expireInSeconds ?? 300,
          });
          await boss.work<unknown>(job.id, { batchSize: job.batchSize ?? 1, pollingIntervalSeconds: pollSeconds }, async (batch) => {
            for (const item of batch) {
              const data = job.schema.parse(item.data);
              const tenantId = (data as { tenantId?: unknown }).tenantId;
              const attempt = (item as { retryCount?: number }).retryCount ?? 0;
              if (typeof tenantId === 'number') {
                await withTenant(platform.db, tenantId, (scope) => job.handler(data, { platform, scope, attempt }));
              } else {
                await job.handler(data, { platform, attempt });
              }
            }
          });
          if (job.cron) await boss.schedule(job.id, job.cron, {});
        }
        started = true;
      })();
      await starting;
    },
    async stop() {
      if (started || starting) await boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
    },
  };
}
