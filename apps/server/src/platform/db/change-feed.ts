/**
 * What the in-memory caches of this instance may trust: the sessions the auth hook resolved
 * (platform/http/authenticate.ts) and a few small per-company lists (`TenantScope.cached`).
 *
 * Triggers on the tables those reads come from (migration 0020_change_feed: auth_sessions, users,
 * user_queues, user_channels, settings, tags, tenants) announce each committed change on the
 * channel `prosa_change` with the company's id, whoever wrote it: this instance, another one, an
 * operator's command or `psql`. Each change moves the company's epoch; an entry is served only
 * while the epoch it was read at is still the company's.
 *
 * PostgreSQL: one dedicated LISTEN connection. While it is down (a restart, a cut network) the
 * feed is not `live` and the caches are bypassed; once it is back every entry is dropped, since
 * notifications sent meanwhile are lost. Embedded PGlite delivers its notifications in this
 * process before the writing query returns.
 *
 * Besides, the writes made through `TenantScope`'s helpers move the epoch themselves when they
 * commit (`touch`), so a change this instance makes is seen by its next request at once, not
 * when the notification comes back a moment later.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export const CHANGE_CHANNEL = 'prosa_change';

export interface ChangeFeed {
  /** False while changes could be missed: caches must read the database. */
  readonly live: boolean;
  /** The company's epoch: changes whenever a cached read of that company may have gone stale. */
  epoch(tenantId: number): number;
  /** A change of the company's cached data is known here (a commit of this instance). */
  touch(tenantId: number): void;
  /** Anything may have changed: every company's entries are stale. */
  flush(): void;
  close(): Promise<void>;
}

/** Epochs as one counter: a company's is the later of its own last change and the last flush. */
class Epochs {
  private counter = 0;
  private flushedAt = 0;
  private readonly byTenant = new Map<number, number>();

  epoch(tenantId: number): number {
    const own = this.byTenant.get(tenantId) ?? 0;
    return own > this.flushedAt ? own : this.flushedAt;
  }

  touch(tenantId: number): void {
    this.byTenant.set(tenantId, ++this.counter);
  }

  flush(): void {
    this.flushedAt = ++this.counter;
    this.byTenant.clear();
  }

  /** A notification's payload: a company id; anything else drops everything. */
  heard(payload: string | undefined): void {
    const id = Number(payload);
    if (Number.isInteger(id) && id > 0) this.touch(id);
    else this.flush();
  }
}

/** The embedded database: notifications arrive in-process, so the feed is always live. */
class LocalChangeFeed extends Epochs implements ChangeFeed {
  readonly live = true;
  async close(): Promise<void> {}
}

export function localChangeFeed(): ChangeFeed & { heard(payload: string | undefined): void } {
  return new LocalChangeFeed();
}

/**
 * Values read for a company, kept while the company's epoch is the one they were read at (and
 * until `until`, when given), at most `max` entries (the oldest goes first). One per database
 * handle and name (`epochCacheOf`): the auth hook's sessions, `TenantScope.cached` lists.
 */
export class EpochCache<V> {
  private readonly entries = new Map<string, { tenantId: number; epoch: number; until: number; value: V }>();
  constructor(
    private readonly feed: ChangeFeed,
    private readonly max: number,
  ) {}

  /** The value, if the feed is live and nothing of its company changed since it was read. */
  get(key: string, now = Date.now()): V | undefined {
    const hit = this.entries.get(key);
    if (!hit || !this.feed.live || hit.epoch !== this.feed.epoch(hit.tenantId) || now >= hit.until) return undefined;
    return hit.value;
  }

  /** `epoch`: the company's epoch taken before the read, so a change committed meanwhile makes it stale. */
  set(key: string, tenantId: number, epoch: number, value: V, until = Infinity): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { tenantId, epoch, until, value });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

const cachesBy = new WeakMap<object, Map<string, EpochCache<unknown>>>();
export function epochCacheOf<V>(owner: { changes: ChangeFeed }, name: string, max: number): EpochCache<V> {
  let byName = cachesBy.get(owner);
  if (!byName) cachesBy.set(owner, (byName = new Map()));
  let cache = byName.get(name);
  if (!cache) byName.set(name, (cache = new EpochCache<unknown>(owner.changes, max)));
  return cache as EpochCache<V>;
}

/** PostgreSQL: a LISTEN connection of its own, reconnected with backoff when it drops. */
class PostgresChangeFeed extends Epochs implements ChangeFeed {
  live = false;
  private closed = false;
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private retryMs = 250;

  constructor(
    private readonly connectionString: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    super();
  }

  async connect(): Promise<void> {
    if (this.closed) return;
    const c = new pg.Client({ connectionString: this.connectionString, application_name: 'prosa-change-feed' });
    let gone = false;
    const lost = (err?: unknown) => {
      if (gone) return;
      gone = true;
      this.live = false;
      if (this.client === c) this.client = undefined;
      void c.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err }, 'change feed: listener connection lost; caches bypassed until it is back');
      this.timer = setTimeout(() => void this.connect(), this.retryMs);
      this.timer.unref();
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel === CHANGE_CHANNEL) this.heard(n.payload);
    });
    this.client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      return lost(err);
    }
    if (gone) return;
    // Whatever changed while nobody listened is unknown: start over.
    this.flush();
    this.live = true;
    this.retryMs = 250;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    if (this.timer) clearTimeout(this.timer);
    await this.client?.end().catch(() => undefined);
  }
}

export async function postgresChangeFeed(
  connectionString: string,
  log: Pick<FastifyBaseLogger, 'warn'> = console,
): Promise<ChangeFeed> {
  const feed = new PostgresChangeFeed(connectionString, log);
  await feed.connect();
  return feed;
}
