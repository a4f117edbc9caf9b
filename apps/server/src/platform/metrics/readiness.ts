/**
 * Readiness (`/readyz`): whether this instance can do its work now. The database answers, the job
 * queue is started and its schema answers on the queue's own connection, and, with REDIS_URL,
 * Redis answers a PING. Each check has a short timeout, so a probe never hangs; a failure names
 * the dependency with a catalogue code (ERR_*_UNAVAILABLE). Liveness stays `/healthz`.
 */
import type { ErrorCode } from '@prosa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { Jobs } from '../jobs/jobs.js';

export type CheckName = 'database' | 'jobs' | 'redis';
export type CheckResult = 'ok' | 'off' | ErrorCode;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<CheckName, CheckResult>;
  /** The first failure's code (database, then jobs, then Redis). */
  error?: ErrorCode;
}

export interface Readiness {
  check(): Promise<ReadinessReport>;
  close(): Promise<void>;
}

const CODES: Record<CheckName, ErrorCode> = {
  database: 'ERR_DATABASE_UNAVAILABLE',
  jobs: 'ERR_JOB_QUEUE_UNAVAILABLE',
  redis: 'ERR_REDIS_UNAVAILABLE',
};

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createReadiness(opts: {
  db: Database;
  /** Absent when this instance runs no job workers (then the queue is not checked). */
  jobs?: Jobs;
  redisUrl?: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): Readiness {
  const timeout = opts.timeoutMs ?? 1500;
  // A connection of its own that fails fast: no offline queue (a PING while Redis is away is
  // refused at once instead of waiting for a reconnection) and no retries per command.
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: timeout,
        retryStrategy: (times) => Math.min(times * 500, 5000),
      })
    : undefined;
  redis?.on('error', (err) => opts.log.debug({ err }, 'readiness: redis connection error'));
  if (redis) void redis.connect().catch(() => undefined);

  /** Starting or reconnecting: a connection about to be made is given the timeout to finish. */
  const waitReady = (r: Redis) =>
    r.status === 'ready'
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          if (r.status === 'end') return reject(new Error('redis connection ended'));
          const done = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            r.off('ready', done);
            reject(new Error(`redis not connected (${r.status})`));
          }, timeout);
          r.once('ready', done);
        });

  const run = async (name: CheckName, fn: () => Promise<unknown>): Promise<CheckResult> => {
    try {
      await within(timeout, fn());
      return 'ok';
    } catch (err) {
      opts.log.warn({ err, check: name }, 'readiness check failed');
      return CODES[name];
    }
  };

  return {
    async check() {
      const [database, jobs, redisResult] = await Promise.all([
        run('database', () => opts.db.raw.execute(sql`select 1`)),
        opts.jobs ? run('jobs', () => opts.jobs!.check()) : Promise.resolve<CheckResult>('off'),
        redis
          ? run('redis', async () => {
              await waitReady(redis);
              if ((await redis.ping()) !== 'PONG') throw new Error('redis did not answer PONG');
            })
          : Promise.resolve<CheckResult>('off'),
      ]);
      const checks = { database, jobs, redis: redisResult };
      const failed = Object.values(checks).find((c): c is ErrorCode => c !== 'ok' && c !== 'off');
      return { ready: !failed, checks, ...(failed ? { error: failed } : {}) };
    },
    async close() {
      redis?.disconnect();
    },
  };
}
