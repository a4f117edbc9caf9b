/**
 * Calls between app instances about channel sessions: "run job J with data D, you hold the
 * channel's session" (see session-jobs.ts for when and why). Nothing here is durable: the caller
 * is a pg-boss job that stays unfinished until the owner answers, and is retried when it does not.
 *
 * A call: the caller sends `req`; the owner answers `ack` at once, then `res` when the job ran.
 * No ack within ACK_MS: the owner is unreachable (dead, or its listener down). After the ack the
 * caller waits for the result, but gives up early when the owner no longer holds the lease (it
 * died mid-job: the lease runs out and moves), and at the latest after RESULT_MS.
 *
 * Transport: on PostgreSQL, LISTEN/NOTIFY, one notification channel per instance, heard on one
 * dedicated connection (reconnected when it drops; calls made meanwhile time out and are retried).
 * On embedded PGlite every instance is in this process (PGlite is one process), so messages go
 * through an in-process bus per database.
 */
import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../../platform/db/client.js';
import { unsafeSystemDb } from '../../../platform/db/tenant-scope.js';

export type RpcMessage =
  | { t: 'req'; id: string; from: string; job: string; data: unknown; attempt: number }
  | { t: 'ack'; id: string }
  | { t: 'res'; id: string; ok: true }
  | { t: 'res'; id: string; ok: false; error: string; retryable: boolean };
export type RpcRequest = Extract<RpcMessage, { t: 'req' }>;

/** Runs a request on this instance; throws what the job threw. */
export type RpcServe = (req: RpcRequest) => Promise<void>;

interface Transport {
  listen(me: string, on: (msg: RpcMessage) => void): Promise<void>;
  send(to: string, msg: RpcMessage): Promise<void>;
  close(): Promise<void>;
}

export interface RpcTimings {
  ackMs: number;
  /** The longest wait for a result; a call may ask for less (its job's own time limit). */
  resultMs: number;
  /** How often, while waiting for a result, the caller checks the owner still holds the lease. */
  ownerCheckMs: number;
}
const DEFAULT_TIMINGS: RpcTimings = { ackMs: 3_000, resultMs: 15 * 60_000, ownerCheckMs: 5_000 };
/** NOTIFY payloads must stay under 8000 bytes; job data are ids. */
const MAX_PAYLOAD = 7_500;

/** The owner did not take the call (dead, unreachable) or stopped holding the session during it. */
export class SessionUnreachableError extends Error {
  readonly retryable = true;
}
/** The job failed on the owner. */
export class SessionRemoteError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** A NOTIFY channel name for an instance id: a plain lower-case identifier whatever the id is. */
const channelOf = (instanceId: string) =>
  `prosa_rpc_${createHash('sha1').update(instanceId).digest('hex').slice(0, 24)}`;

const buses = new WeakMap<Database, EventEmitter>();
function memoryTransport(db: Database): Transport {
  let bus = buses.get(db);
  if (!bus) buses.set(db, (bus = new EventEmitter().setMaxListeners(0)));
  const b = bus;
  let mine: { name: string; fn: (m: RpcMessage) => void } | undefined;
  return {
    async listen(me, on) {
      mine = { name: channelOf(me), fn: on };
      b.on(mine.name, mine.fn);
    },
    async send(to, msg) {
      // Asynchronous like a notification: nobody listening means nobody hears it.
      const copy = JSON.parse(JSON.stringify(msg)) as RpcMessage;
      setImmediate(() => b.emit(channelOf(to), copy));
    },
    async close() {
      if (mine) b.off(mine.name, mine.fn);
      mine = undefined;
    },
  };
}

function postgresTransport(db: Database, connectionString: string, log: FastifyBaseLogger): Transport {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;
  let target: { name: string; on: (m: RpcMessage) => void } | undefined;

  const connect = async (initial: boolean): Promise<void> => {
    if (closed || !target) return;
    const { name, on } = target;
    const c = new pg.Client({ connectionString, application_name: 'prosa-session-rpc' });
    let gone = false;
    const drop = () => {
      gone = true;
      if (client === c) client = undefined;
      void c.end().catch(() => undefined);
    };
    const lost = (err?: unknown) => {
      if (gone) return;
      drop();
      if (closed) return;
      log.warn({ err }, 'session rpc: listener connection lost; reconnecting');
      timer = setTimeout(() => void connect(false), retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, 30_000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel !== name || !n.payload) return;
      try {
        on(JSON.parse(n.payload) as RpcMessage);
      } catch (err) {
        log.warn({ err }, 'session rpc: unreadable notification');
      }
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${name}`);
      retryMs = 500;
    } catch (err) {
      // The first connection's failure is the caller's to see; later ones are retried here.
      if (!initial) return lost(err);
      drop();
      throw err;
    }
  };

  return {
    async listen(me, on) {
      target = { name: channelOf(me), on };
      await connect(true);
    },
    async send(to, msg) {
      const payload = JSON.stringify(msg);
      if (payload.length > MAX_PAYLOAD) throw new Error('session rpc: payload too large');
      await unsafeSystemDb(db).execute(sql`select pg_notify(${channelOf(to)}, ${payload})`);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}

interface Pending {
  owner: string;
  acked: boolean;
  resolve(): void;
  reject(err: Error): void;
  timers: NodeJS.Timeout[];
}

export class SessionRpc {
  private transport: Transport | undefined;
  private starting: Promise<void> | undefined;
  private stopped = false;
  private readonly pending = new Map<string, Pending>();
  private readonly serving = new Set<Promise<unknown>>();
  /** Counters, for logs and tests: calls made to other instances and calls served here. */
  readonly stats = { called: 0, served: 0 };

  constructor(
    private readonly me: string,
    private readonly env: () => { db: Database; log: FastifyBaseLogger },
    private readonly serve: RpcServe,
    readonly timings: RpcTimings = DEFAULT_TIMINGS,
  ) {}

  /** Starts listening (once); a stopped instance does not start again. */
  ensureStarted(): Promise<void> {
    if (this.stopped) return Promise.reject(new SessionUnreachableError('this instance is shutting down'));
    this.starting ??= (async () => {
      const { db, log } = this.env();
      const t =
        'connectionString' in db.jobsConnection
          ? postgresTransport(db, db.jobsConnection.connectionString, log)
          : memoryTransport(db);
      try {
        await t.listen(this.me, (m) => this.onMessage(m));
      } catch (err) {
        await t.close();
        throw err;
      }
      this.transport = t;
    })().catch((err: unknown) => {
      this.starting = undefined;
      throw err;
    });
    return this.starting;
  }

  /** Stops listening; calls under way fail as unreachable, served calls are let finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting?.catch(() => undefined);
    for (const [id, p] of this.pending) this.settle(id, p, new SessionUnreachableError('shutting down'));
    await Promise.allSettled([...this.serving]);
    await this.transport?.close();
    this.transport = undefined;
    this.starting = undefined;
  }

  /** Allows starting again after stop() (the supervisor's startAll after a stopAll). */
  resume(): void {
    this.stopped = false;
  }

  /**
   * Asks `owner` to run `job` with `data`; resolves when it ran there. `stillOwner` is asked while
   * waiting for the result: false means the owner lost the session, so the call is given up, as
   * it is after `waitMs`.
   */
  async call(
    owner: string,
    req: { job: string; data: unknown; attempt: number },
    stillOwner: () => Promise<boolean>,
    waitMs = Infinity,
  ): Promise<void> {
    await this.ensureStarted();
    const id = randomUUID();
    this.stats.called++;
    const { ackMs, ownerCheckMs } = this.timings;
    const resultMs = Math.min(waitMs, this.timings.resultMs);
    const done = new Promise<void>((resolve, reject) => {
      const p: Pending = { owner, acked: false, resolve, reject, timers: [] };
      this.pending.set(id, p);
      p.timers.push(
        setTimeout(() => {
          if (!p.acked) this.settle(id, p, new SessionUnreachableError(`session owner ${owner} did not answer`));
        }, ackMs),
        setTimeout(() => this.settle(id, p, new SessionUnreachableError(`session owner ${owner} timed out`)), resultMs),
      );
      const check = setInterval(() => {
        if (!p.acked) return;
        void stillOwner()
          .then((yes) => {
            if (!yes) this.settle(id, p, new SessionUnreachableError(`session owner ${owner} lost the session`));
          })
          .catch(() => undefined);
      }, ownerCheckMs);
      p.timers.push(check);
    });
    try {
      await this.transport!.send(owner, { t: 'req', id, from: this.me, ...req });
    } catch (err) {
      const p = this.pending.get(id);
      if (p) this.settle(id, p, new SessionUnreachableError(`session rpc: ${(err as Error).message}`));
    }
    await done;
  }

  private settle(id: string, p: Pending, err?: Error): void {
    if (this.pending.get(id) !== p) return;
    this.pending.delete(id);
    for (const t of p.timers) clearTimeout(t);
    if (err) p.reject(err);
    else p.resolve();
  }

  private onMessage(m: RpcMessage): void {
    if (m.t === 'req') {
      if (this.stopped) return;
      const work = this.answer(m);
      this.serving.add(work);
      void work.finally(() => this.serving.delete(work));
      return;
    }
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.t === 'ack') {
      p.acked = true;
      return;
    }
    if (m.ok) this.settle(m.id, p);
    else this.settle(m.id, p, new SessionRemoteError(`on ${p.owner}: ${m.error}`, m.retryable));
  }

  private async answer(req: RpcRequest): Promise<void> {
    const reply = (msg: RpcMessage) =>
      this.transport
        ?.send(req.from, msg)
        .catch((err: unknown) => this.env().log.warn({ err, job: req.job }, 'session rpc: answer not sent'));
    await reply({ t: 'ack', id: req.id });
    this.stats.served++;
    try {
      await this.serve(req);
      await reply({ t: 'res', id: req.id, ok: true });
    } catch (err) {
      const retryable = (err as { retryable?: unknown }).retryable !== false;
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await reply({ t: 'res', id: req.id, ok: false, error, retryable });
    }
  }
}
