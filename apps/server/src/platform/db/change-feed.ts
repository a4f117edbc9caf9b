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
export function localChangeFeed(): ChangeFeed & { heard(payload: string | undefined): void } {
  const epochs = new Epochs();
  return {
    live: true,
    epoch: (t) => epochs.epoch(t),
    touch: (t) => epochs.touch(t),
    flush: () => epochs.flush(),
    heard: (p) => epochs.heard(p),
    close: async () => undefined,
  };
}

/** PostgreSQL: a LISTEN connection of its own, reconnected with backoff when it drops. */
export async function postgresChangeFeed(
  connectionString: string,
  log: Pick<FastifyBaseLogger, 'warn'> = console,
): Promise<ChangeFeed> {
  const epochs = new Epochs();
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let retryMs = 250;

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString, application_name: 'prosa-change-feed' });
    let gone = false;
    const lost = (err?: unknown) => {
      if (gone) return;
      gone = true;
      live = false;
      if (client === c) client = undefined;
      void c.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err }, 'change feed: listener connection lost; caches bypassed until it is back');
      timer = setTimeout(() => void connect(), retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, 10_000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel === CHANGE_CHANNEL) epochs.heard(n.payload);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      return lost(err);
    }
    if (gone) return;
    // Whatever changed while nobody listened is unknown: start over.
    epochs.flush();
    live = true;
    retryMs = 250;
  };
  await connect();

  return {
    get live() {
      return live;
    },
    epoch: (t) => epochs.epoch(t),
    touch: (t) => epochs.touch(t),
    flush: () => epochs.flush(),
    async close() {
      closed = true;
      live = false;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
