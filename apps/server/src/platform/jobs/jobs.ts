/**
 * Background jobs on pg-boss, in the same database: PGlite through a small SQL adapter, or the
 * PostgreSQL server (shared by every instance). Definitions are the same on both.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/pg-errors.js';
import { statementName, withTenant } from '../db/tenant-scope.js';
import type { Platform } from '../platform.js';
import type { JobDefinition } from './define-job.js';

export interface SendOptions {
  startAfter?: Date | number;
  /** At most one queued job with this key (pg-boss singleton). */
  singletonKey?: string;
}

export interface SqlRunner {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Jobs {
  send<T>(job: JobDefinition<T>, data: T, opts?: SendOptions): Promise<string | null>;
  /**
   * Several jobs of one kind in one statement (one round trip), with the options `send` takes.
   * `db`: run the insert on that runner (a transaction, see enqueue.ts) and wake no worker: the
   * caller wakes it once the transaction has committed.
   */
  sendMany<T>(job: JobDefinition<T>, items: { data: T; opts?: SendOptions }[], db?: SqlRunner): Promise<void>;
  /** Wakes this process's worker of a `wake` job (after a transaction queued some). */
  wake(job: JobDefinition<unknown>): void;
  start(platform: Platform): Promise<void>;
  /** Readiness: throws unless the queue is started and its schema answers on its own connection. */
  check(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Which of the queues have a job to run now: one statement (an index scan per queue's partition,
 * `job_i5`: name, start_after where state < active) instead of a fetch per queue every second.
 */
const READY_QUEUES = `select distinct name from pgboss.job where state < 'active' and start_after < now() and name = any($1::text[])`;

/**
 * A worker's own polling when the queue poll below is what wakes it: a safety net (the queue poll
 * failed, or a job's start came due between two ticks of a much slower clock), not the path.
 */
const WORKER_FALLBACK_POLL_SECONDS = 30;

type ExecuteSql = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/** pg-boss's statements that record a job's end (its plans module, the text its manager runs). */
const bossPlans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<
  'completeJobs' | 'failJobsById',
  (schema: string) => string
>;
export const JOB_END_STATEMENTS = new Set([bossPlans.completeJobs('pgboss'), bossPlans.failJobsById('pgboss')]);
/** How long a job's end is retried while the database is away: past it, pg-boss's expiry retries the job. */
const JOB_END_RETRY_MS = 10 * 60_000;

/**
 * pg-boss records a job's end (complete, or fail after its handler threw) without awaiting it
 * (pg-boss 10.4, manager.js `watch`): with the database away at that moment the statement rejects
 * with no one to hear it, and Node ends the process on an unhandled rejection (the fault test
 * `pg-restart.test.ts` saw the server die so). Those two statements are retried here until the
 * database is back, and never reject: the end is recorded late rather than the process lost (the
 * job stays active meanwhile; a failed one then retries as its policy says).
 */
export function recordJobEndsSafely(run: ExecuteSql, log: FastifyBaseLogger): ExecuteSql {
  return async (text, values) => {
    if (!JOB_END_STATEMENTS.has(text)) return run(text, values);
    const giveUpAt = Date.now() + JOB_END_RETRY_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return await run(text, values);
      } catch (err) {
        if (!isDatabaseUnavailable(err) || Date.now() > giveUpAt) {
          log.error({ err }, 'a job’s end could not be recorded; pg-boss retries the job when it expires');
          return { rows: [] };
        }
        await new Promise((r) => setTimeout(r, Math.min(5_000, 250 * 2 ** attempt)).unref());
      }
    }
  };
}

/**
 * pg-boss's own pool (PostgreSQL) runs its statements unnamed, so the server plans each one on
 * every run: its fetch, insert and complete are a few fixed texts, and their planning cost as
 * much as their running (pg_stat_statements under bench/chatbot.ts: 2,000 inserts, 0.22 ms of
 * planning each for 0.18 ms of running). Those with parameters are named here (prepared once per
 * connection; the pool replaces a connection after 15 minutes, as the app's does). Its migrations
 * and maintenance, several statements without parameters, run as they are.
 */
export function preparedOnPool(bossDb: { executeSql: ExecuteSql }): ExecuteSql {
  const plain = bossDb.executeSql.bind(bossDb);
  const db = bossDb as unknown as { opened?: boolean; pool?: pg.Pool };
  return async (text, values) => {
    if (!values?.length || !db.opened || !db.pool) return plain(text, values);
    return db.pool.query({ name: statementName(text), text, values });
  };
}

/**
 * pg-boss fetches a queue's next jobs `ORDER BY priority desc, created_on, id LIMIT n FOR UPDATE
 * SKIP LOCKED`, and its indexes (pg-boss 10.4: `_i5`, by start_after) do not give that order: the
 * fetch read and sorted every waiting job of the queue, in full (the row locks sit above the
 * limit, so the sort is not a top-n one). With 5,700 sends waiting that was 10.6 ms a fetch, for a
 * fetch of one send; along this index it is 0.04 ms (EXPLAIN ANALYZE, bench/chatbot.ts's queue).
 * Made once per queue's table (pg-boss makes one per queue), here since pg-boss makes the tables
 * at its start, after the app's migrations; a failure (another instance making one at the same
 * moment) leaves the fetch as pg-boss has it, so it is logged and not raised.
 * Answers each queue's table (for `onQueueTables`); empty when they could not be read.
 */
export async function ensureFetchIndexes(
  db: { executeSql: ExecuteSql },
  queues: string[],
  log: FastifyBaseLogger,
): Promise<Map<string, string>> {
  const tables = new Map<string, string>();
  try {
    // One statement names the queues' tables and which lack the index (at every start, usually none).
    const { rows } = await db.executeSql(
      `select q.name, q.partition_name as "table", to_regclass('pgboss.' || q.partition_name || '_pf') is null as "missing"
       from pgboss.queue q where q.name = any($1::text[])`,
      [queues],
    );
    for (const { name, table, missing } of rows as { name: string; table: string; missing: boolean }[]) {
      if (!/^[a-z0-9_]+$/.test(table)) continue;
      if (missing)
        await db.executeSql(
          `create index if not exists ${table}_pf on pgboss.${table} (name, priority desc, created_on, id) where state < 'active'`,
          [],
        );
      tables.set(name, table);
    }
  } catch (err) {
    log.warn({ err }, 'the job queues’ fetch index could not be made; their fetch sorts the waiting jobs');
  }
  return tables;
}

/** pg-boss's fetch, in each of its variants (with or without metadata and priority). */
const BOSS_FETCH = /^\s*WITH next as \(\s*SELECT id, singleton_key, policy\s+FROM pgboss\.job\s+WHERE name = \$1\s/;
const BOSS_COMPLETE = bossPlans.completeJobs('pgboss');

/**
 * pg-boss's fetch and complete name the queue as `$1` and read the partitioned `pgboss.job`, so
 * PostgreSQL cannot know the partition when it plans: it planned them anew on every run, with all
 * of the queues' tables in view (pg_stat_statements under bench/chatbot.ts: 1.1 ms of planning a
 * fetch and 0.5 ms a complete, for 0.5 and 0.4 ms of running; a generic plan was worse, 11 ms).
 * Sent to the queue's own table (`tables`: queue name to table, ensureFetchIndexes) they read the
 * same rows (a queue's jobs are exactly its table's: pg-boss partitions by name) and plan in 0.2
 * ms, then once per connection. A queue not in `tables` (made after start) runs as pg-boss sends it.
 */
export function onQueueTables(run: ExecuteSql, tables: ReadonlyMap<string, string>): ExecuteSql {
  return (text, values) => {
    const queue = values?.[0];
    const table = typeof queue === 'string' ? tables.get(queue) : undefined;
    if (!table || !(text === BOSS_COMPLETE || BOSS_FETCH.test(text))) return run(text, values);
    return run(text.replace(/pgboss\.job(?=\s)/g, `pgboss.${table}`), values);
  };
}

/** A fetched job with pg-boss's metadata (includeMetadata): what its fetch orders by. */
type Fetched = { id: string; data: unknown; priority?: number; createdOn?: Date | string };
const createdMs = (j: Fetched) => (j.createdOn === undefined ? 0 : new Date(j.createdOn).getTime());

/**
 * A batch in lanes: the jobs whose `laneOf` is the same, in pg-boss's fetch order (priority, then
 * creation, then id). Its fetch picks the jobs in that order but hands them over in the order its
 * UPDATE ... RETURNING meets them, which is none in particular (a ticket's sends came out of
 * order in messages-outbound.test.ts), so the batch is sorted first. A payload `laneOf` cannot
 * read is a lane of its own (its handler then fails on it as before).
 */
export function lanesOf<J extends Fetched>(batch: J[], laneOf?: (data: never) => string | number): J[][] {
  const ordered = [...batch].sort(
    (a, b) => (b.priority ?? 0) - (a.priority ?? 0) || createdMs(a) - createdMs(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  if (!laneOf) return ordered.map((item) => [item]);
  const by = new Map<unknown, J[]>();
  ordered.forEach((item, i) => {
    let key: unknown;
    try {
      key = laneOf(item.data as never);
    } catch {
      key = Symbol(i);
    }
    const lane = by.get(key);
    if (lane) lane.push(item);
    else by.set(key, [item]);
  });
  return [...by.values()];
}

/**
 * Runs a fetched batch: up to `parallel` lanes at once (lanesOf), each lane's jobs one after
 * another in fetch order, whatever an earlier one did. Answers the jobs that threw.
 */
export async function runInLanes<J extends Fetched>(
  batch: J[],
  parallel: number,
  laneOf: ((data: never) => string | number) | undefined,
  run: (item: J) => Promise<void>,
): Promise<{ id: string; error: unknown }[]> {
  const failures: { id: string; error: unknown }[] = [];
  const lanes = lanesOf(batch, laneOf);
  let next = 0;
  const drain = async () => {
    while (next < lanes.length) {
      for (const item of lanes[next++]!) {
        try {
          await run(item);
        } catch (error) {
          failures.push({ id: item.id, error });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, lanes.length)) }, drain));
  return failures;
}

export function createJobs(
  db: Database,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds jobs of every payload type
  registry: JobDefinition<any>[],
  log: FastifyBaseLogger,
  pollSeconds = 1,
): Jobs {
  const conn = db.jobsConnection;
  const boss = new PgBoss({
    ...('connectionString' in conn
      ? { connectionString: conn.connectionString, max: 5, maxLifetimeSeconds: 900 }
      : { db: { executeSql: conn.executeSql } }),
    schema: 'pgboss',
    application_name: 'prosa-jobs',
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const bossDb = boss.getDb() as { executeSql: ExecuteSql };
  const run = 'connectionString' in conn ? preparedOnPool(bossDb) : bossDb.executeSql.bind(bossDb);
  /** Each queue's own table, once start() has read them (onQueueTables). */
  const queueTables = new Map<string, string>();
  bossDb.executeSql = recordJobEndsSafely(onQueueTables(run, queueTables), log);
  let started = false;
  let starting: Promise<void> | undefined;
  /** Set by stop(): a batch handed over from then on is refused (failed, so pg-boss retries it). */
  let stopping = false;
  /** This process's worker of every queue: for the queue poll, and `wake` jobs sent here (define-job.ts). */
  const workers = new Map<string, string>();
  /**
   * The queue poll: every `pollSeconds`, one statement names the queues with a job due, and only
   * their workers fetch. Every worker fetching on its own clock cost a statement per queue and
   * second (28 a second on an idle server with 30 queues: a fifth of a core on PGlite, where the
   * database runs in this process); now an idle server asks once a second.
   */
  let pollTimer: NodeJS.Timeout | undefined;
  let polling = false;
  const names = registry.map((job) => job.id);
  const pollQueues = async () => {
    try {
      const { rows } = await boss.getDb().executeSql(READY_QUEUES, [names]);
      for (const row of rows as { name: string }[]) {
        const worker = workers.get(row.name);
        if (worker) boss.notifyWorker(worker);
      }
    } catch (err) {
      // The workers' own slower polling still runs their jobs meanwhile.
      if (polling) log.warn({ err }, 'job queue poll failed');
    }
    if (polling) schedulePoll();
  };
  const schedulePoll = () => (pollTimer = setTimeout(() => void pollQueues(), pollSeconds * 1000));
  const wake = (job: JobDefinition<unknown>) => {
    const worker = job.wake ? workers.get(job.id) : undefined;
    if (worker) boss.notifyWorker(worker);
  };
  const optionsOf = (opts: SendOptions) => ({
    ...(opts.startAfter
      ? {
          startAfter: opts.startAfter instanceof Date ? opts.startAfter : new Date(Date.now() + opts.startAfter * 1000),
        }
      : {}),
    ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
  });

  return {
    async send(job, data, opts = {}) {
      const payload = job.schema.parse(data);
      if (!started) await starting;
      const id = await boss.send(job.id, payload as object, optionsOf(opts));
      if (!opts.startAfter) wake(job as JobDefinition<unknown>);
      return id;
    },
    async sendMany(job, items, db) {
      if (items.length === 0) return;
      const rows = items.map(({ data, opts = {} }) => ({
        name: job.id,
        data: job.schema.parse(data) as object,
        ...optionsOf(opts),
      }));
      if (!started) await starting;
      await boss.insert(rows, db ? { db } : {});
      if (!db && items.some((i) => !i.opts?.startAfter)) wake(job as JobDefinition<unknown>);
    },
    wake,
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
          const pollingIntervalSeconds = Math.max(pollSeconds, WORKER_FALLBACK_POLL_SECONDS);
          const worker = await boss.work<unknown>(
            job.id,
            // includeMetadata: the fetched job carries its retry count (`attempt` below); without
            // it pg-boss hands over only id, name and data, and every attempt looked like the first.
            { batchSize: job.batchSize ?? 1, pollingIntervalSeconds, includeMetadata: true },
            async (batch) => {
              // pg-boss's graceful stop waits only for the jobs its workers already hold: a fetch under
              // way at stop() still hands its batch over afterwards, and that handler would run while
              // the database closes (a webhook claimed but never marked delivered, the shutdown test
              // saw it under load). Refused, the batch fails now and runs again after the restart.
              if (stopping) throw new Error('job queue stopping: the job runs again after the restart');
              const run = async (item: (typeof batch)[number]) => {
                const data = job.schema.parse(item.data);
                const tenantId = (data as { tenantId?: unknown }).tenantId;
                const attempt = (item as { retryCount?: number }).retryCount ?? 0;
                if (typeof tenantId === 'number') {
                  await withTenant(platform.db, tenantId, (scope) => job.handler(data, { platform, scope, attempt }));
                } else {
                  await job.handler(data, { platform, attempt });
                }
              };
              // Each job of the batch runs, in fetch order along each lane, whatever an earlier one
              // did: a failure is that job's own (failed here with its error, retried by pg-boss as
              // it would be alone), and pg-boss completes the others when this returns (its
              // complete touches active jobs only). One send that fails no longer holds back, or
              // uses up the retries of, the sends fetched with it.
              const failures = await runInLanes(batch, job.parallel ?? 1, job.laneOf, run);
              // A full batch: more are likely waiting, fetch again at once rather than after the poll.
              if (job.wake && batch.length >= (job.batchSize ?? 1)) boss.notifyWorker(worker);
              // All of them (one job alone, say): pg-boss fails the batch with the error, as before.
              if (failures.length === batch.length) throw failures[0]!.error;
              for (const { id, error } of failures) await boss.fail(job.id, id, error as object);
            },
          );
          workers.set(job.id, worker);
          if (job.cron) await boss.schedule(job.id, job.cron, {});
        }
        for (const [name, table] of await ensureFetchIndexes(bossDb, names, log)) queueTables.set(name, table);
        started = true;
        polling = true;
        schedulePoll();
      })();
      await starting;
    },
    async check() {
      if (!started) throw new Error('job queue not started');
      await boss.getDb().executeSql('select version from pgboss.version', []);
    },
    async stop() {
      polling = false;
      stopping = true;
      clearTimeout(pollTimer);
      // Jobs under way get 7 of the 9 s the process's shutdown allows (main.ts); the rest is for
      // the events, the sockets and the database.
      if (started || starting) await boss.stop({ graceful: true, wait: true, timeout: 7000 }).catch(() => undefined);
    },
  };
}
