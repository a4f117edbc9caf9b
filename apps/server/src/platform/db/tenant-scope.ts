/**
 * SECURITY-CRITICAL: the one door to tenant data.
 *
 * Domain code receives a `TenantScope` built from the verified token (never from a body, path or
 * query). Every helper adds `tenant_id = scope.tenantId` to reads, writes and deletes, and stamps
 * it on inserts, so a query of another tenant's row finds nothing (and the route answers 404).
 * Joins go through `scope.query`, whose `owns()` must constrain every joined table.
 */
import { createHash } from 'node:crypto';
import { and, count, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from './client.js';
import { epochCacheOf } from './change-feed.js';
import { authSessions, settings, tags, userChannels, userQueues, users } from './schema.js';

type TenantTable = PgTable & { tenantId: PgColumn };
type Row<T extends TenantTable> = T['$inferSelect'];
type NewRow<T extends TenantTable> = Omit<T['$inferInsert'], 'tenantId'>;
type Patch<T extends TenantTable> = Partial<NewRow<T>>;

type AfterCommit = () => void | Promise<void>;

type Owns = (table: TenantTable, ...conditions: (SQL | undefined)[]) => SQL;
interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}
/**
 * A hot query built and prepared once per database handle, then run with parameters: the SQL is
 * not rebuilt per request. Its builder gets an `owns` bound to the `tenantId` placeholder, which
 * only `TenantScope.run` fills, with its own tenant; params cannot name it.
 */
export interface TenantQuery<P extends Record<string, unknown>, R> {
  readonly name: string;
  readonly build: (db: DbExecutor, owns: Owns, tenantId: SQL) => Prepared<R>;
  /** Only for typing the params. */
  readonly _params?: P;
}
export function tenantQuery<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: DbExecutor, owns: Owns, tenantId: SQL) => Prepared<R>,
): TenantQuery<P, R> {
  return { name, build };
}
const TENANT_PARAM = sql`${sql.placeholder('tenantId')}`;
const ownsParam: Owns = (table, ...conditions) => and(eq(table.tenantId, TENANT_PARAM), ...conditions) as SQL;
const preparedBy = new WeakMap<object, Map<TenantQuery<never, unknown>, Prepared<unknown>>>();

/** drizzle's session of a transaction (node-postgres or PGlite): a statement it did not build, run. */
interface DriverSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}

/** SQL built by `runMemo`, per database handle: text and parameters by (tenant, key). */
interface Memo {
  name: string;
  text: string;
  params: unknown[];
}
const memoBy = new WeakMap<object, Map<string, Memo>>();
/** Enough for every viewer x filter shape in use; the oldest built goes first. */
const MEMO_MAX = 5_000;
/**
 * The tables whose rows the in-memory caches hold (the auth hook's sessions, `cached` lists):
 * their triggers announce changes on the change feed (change-feed.ts), and a write through the
 * helpers below moves the company's epoch here as soon as it commits.
 */
const WATCHED: ReadonlySet<PgTable> = new Set<PgTable>([authSessions, users, userQueues, userChannels, settings, tags]);
/** `cached` lists, per database handle: a few per company (the tags, ...). */
const LIST_CACHE_MAX = 2_000;
/** Names by text, for the hot statements (a bot step names four): hashing a long text each time showed in profiles. */
const names = new Map<string, string>();
/** The name a statement is prepared under: by its text, so the same text is prepared once per connection. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= 1_000) names.delete(names.keys().next().value!);
    names.set(text, name);
  }
  return name;
}

/** A parameter as an SQL literal: numbers, booleans, null, dates and strings (anything else throws). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  // A negative number in parentheses: after a minus sign (`-$1`), `--1` would begin a comment.
  if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint') return v < 0 ? `(${v})` : String(v);
  if (v instanceof Date) return `'${v.toISOString()}'`;
  // standard_conforming_strings is on (openDatabase sets it on every connection): only the quote
  // needs doubling. literal.property.test.ts runs arbitrary values through the database.
  if (typeof v === 'string' && !v.includes('\u0000')) return `'${v.replaceAll("'", "''")}'`;
  throw new Error(`runMemo inline: cannot write ${typeof v} as a literal`);
}

/** `q` with $1..$n replaced by their values as literals (drizzle's text holds no other `$n`). */
export function inlineParams(q: { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  const text = q.sql.replace(/\$(\d+)\b/g, (_m, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= q.params.length) throw new Error(`runMemo inline: no parameter $${n}`);
    return literal(q.params[i]);
  });
  return { sql: text, params: [] };
}

export class TenantScope {
  private readonly afterCommitQueue: AfterCommit[];

  constructor(
    readonly tenantId: number,
    private readonly exec: DbExecutor,
    private readonly root: Database,
    private readonly inTransaction = false,
    queue?: AfterCommit[],
  ) {
    if (!Number.isInteger(tenantId) || tenantId <= 0) throw new Error('TenantScope needs a tenant id');
    this.afterCommitQueue = queue ?? [];
  }

  /** The app's database, to find per-app services (the event emitter). Not a query handle. */
  get database(): Database {
    return this.root;
  }

  /** The tenant condition on `table`, combined with any further conditions. */
  owns(table: TenantTable, ...conditions: (SQL | undefined)[]): SQL {
    return and(eq(table.tenantId, this.tenantId), ...conditions) as SQL;
  }

  select<T extends TenantTable>(table: T, where?: SQL) {
    // The casts only widen drizzle's generic table type; the tenant condition is always applied.
    return (
      this.exec.select().from(table as PgTable) as unknown as {
        where(w: SQL): { $dynamic(): DynamicSelect<Row<T>> };
      }
    )
      .where(this.owns(table, where))
      .$dynamic();
  }

  async first<T extends TenantTable>(table: T, where?: SQL): Promise<Row<T> | undefined> {
    const rows = await this.select(table, where).limit(1);
    return rows[0];
  }

  async count<T extends TenantTable>(table: T, where?: SQL): Promise<number> {
    const [row] = await this.exec
      .select({ n: count() })
      .from(table as PgTable)
      .where(this.owns(table, where));
    return Number(row?.n ?? 0);
  }

  async insert<T extends TenantTable>(table: T, values: NewRow<T>): Promise<Row<T>>;
  async insert<T extends TenantTable>(table: T, values: NewRow<T>[]): Promise<Row<T>[]>;
  async insert<T extends TenantTable>(table: T, values: NewRow<T> | NewRow<T>[]) {
    const list = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, tenantId: this.tenantId }));
    if (list.length === 0) return [];
    const rows = (await this.exec
      .insert(table)
      .values(list as T['$inferInsert'][])
      .returning()) as Row<T>[];
    this.touched(table);
    return Array.isArray(values) ? rows : rows[0];
  }

  async update<T extends TenantTable>(table: T, patch: Patch<T>, where: SQL): Promise<Row<T>[]> {
    const { tenantId: _ignored, ...safe } = patch as Record<string, unknown>;
    const rows = (await this.exec
      .update(table)
      .set(safe as never)
      .where(this.owns(table, where))
      .returning()) as Row<T>[];
    if (rows.length > 0) this.touched(table);
    return rows;
  }

  async delete<T extends TenantTable>(table: T, where: SQL): Promise<Row<T>[]> {
    const rows = (await this.exec.delete(table).where(this.owns(table, where)).returning()) as Row<T>[];
    if (rows.length > 0) this.touched(table);
    return rows;
  }

  /**
   * A write of a watched table: its company's cached reads are stale once it commits. The
   * helpers call it; a write of one through `query` calls it too.
   */
  touched(table: PgTable): void {
    if (!WATCHED.has(table)) return;
    const touch = () => this.root.changes.touch(this.tenantId);
    if (this.inTransaction) this.afterCommitQueue.push(touch);
    else touch();
  }

  /**
   * A small read of this company's watched tables only (WATCHED), kept in memory until one of them
   * changes for the company (change-feed.ts), on any instance. `load` must read nothing else, and
   * its value is shared between requests: callers do not modify it. In a transaction, or while the
   * feed cannot hear changes, it is read each time.
   */
  async cached<R>(key: string, load: () => Promise<R>): Promise<R> {
    const feed = this.root.changes;
    if (this.inTransaction || !feed.live) return load();
    const cache = epochCacheOf<unknown>(this.root, 'lists', LIST_CACHE_MAX);
    const k = `${this.tenantId}\u0000${key}`;
    const epoch = feed.epoch(this.tenantId);
    const hit = cache.get(k);
    if (hit !== undefined) return hit as R;
    const value = await load();
    cache.set(k, this.tenantId, epoch, value);
    return value;
  }

  /** Joins and aggregates: constrain every table you touch with `owns`. */
  query<R>(fn: (db: DbExecutor, owns: TenantScope['owns']) => Promise<R>): Promise<R> {
    return fn(this.exec, this.owns.bind(this));
  }

  /**
   * Runs SQL built with `owns` (in `query`) as a named prepared statement, keyed by its text: for
   * hot queries whose shape varies (the ticket list). Outside a transaction only.
   */
  async runNamed(built: SQL): Promise<Record<string, unknown>[]> {
    if (this.inTransaction) {
      const res = await this.exec.execute(built);
      return (res as unknown as { rows: Record<string, unknown>[] }).rows;
    }
    const q = this.toQuery(built);
    return this.root.runNamed(statementName(q.sql), q.sql, q.params);
  }

  /**
   * `runNamed` for SQL that is a pure function of `key` within this tenant: built (drizzle, the
   * statement's text) once, then only run. The key must name every input `build` reads besides
   * the tenant, which the scope adds itself, and `values`, which `build` reaches through `value`.
   * `inline` (no `values`): the statement's parameters are written into its text as literals, so
   * it has none and PostgreSQL plans it once per connection, with the real values. A parameterised
   * statement whose generic plan is worse than its custom ones (the ticket list: the viewer's
   * queues decide the plan) is planned again on every run instead, which cost more than running it.
   */
  async runMemo(
    key: string,
    build: (value: (name: string) => SQL) => SQL | Promise<SQL>,
    values: Record<string, unknown> = {},
    opts: { inline?: boolean } = {},
  ): Promise<Record<string, unknown>[]> {
    let memo = memoBy.get(this.root);
    if (!memo) memoBy.set(this.root, (memo = new Map()));
    const k = `${this.tenantId}\u0000${key}`;
    let entry = memo.get(k);
    if (!entry) {
      let q = this.toQuery(await build((name) => sql`${sql.placeholder(name)}`));
      if (opts.inline) q = inlineParams(q);
      entry = { name: statementName(q.sql), text: q.sql, params: q.params };
      if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
      memo.set(k, entry);
    }
    if (this.inTransaction) {
      // On the transaction's own connection, through its driver session: the same statement, named
      // (prepared once per connection on PostgreSQL), with rows as the transaction's other reads
      // give them. Building a wide statement with drizzle cost more than running it (the bot step:
      // a third of its CPU went to building its SQL, bench/chatbot.ts).
      const session = (this.exec as unknown as { session: DriverSession }).session;
      const res = await session.prepareQuery({ sql: entry.text, params: entry.params }, undefined, entry.name, false).execute(values);
      return (res as { rows: Record<string, unknown>[] }).rows;
    }
    return this.root.runNamed(entry.name, entry.text, fillPlaceholders(entry.params, values));
  }

  private toQuery(built: SQL): { sql: string; params: unknown[] } {
    return (
      this.exec as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }
    ).dialect.sqlToQuery(built);
  }

  /** Runs a prepared tenant query (see `tenantQuery`) for this tenant. */
  run<P extends Record<string, unknown>, R>(q: TenantQuery<P, R>, params: P): Promise<R> {
    let cache = preparedBy.get(this.exec);
    if (!cache) preparedBy.set(this.exec, (cache = new Map()));
    const key = q as unknown as TenantQuery<never, unknown>;
    let prepared = cache.get(key) as Prepared<R> | undefined;
    if (!prepared) cache.set(key, (prepared = q.build(this.exec, ownsParam, TENANT_PARAM)));
    return prepared.execute({ ...params, tenantId: this.tenantId });
  }

  /** Run `fn` after the surrounding transaction commits (or now, outside one). Events go here. */
  afterCommit(fn: AfterCommit): void {
    if (this.inTransaction) this.afterCommitQueue.push(fn);
    else void Promise.resolve().then(fn);
  }

  /**
   * Platform only (platform/jobs/enqueue.ts): a runner of the job queue's own SQL (text with $n
   * parameters, no tenant data) on this scope's transaction, so a job is queued atomically with the
   * rows it works on. Null outside a transaction.
   */
  jobQueueRunner(): { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> } | null {
    if (!this.inTransaction) return null;
    const session = (this.exec as unknown as { session: DriverSession }).session;
    return {
      // pg-boss's statements are a few fixed texts with $n parameters: named, so PostgreSQL plans
      // each once per connection (a step's job insert was planned on every run: 0.2 ms of
      // planning, pg_stat_statements under bench/chatbot.ts).
      async executeSql(text, values) {
        const res = await session.prepareQuery({ sql: text, params: values }, undefined, statementName(text), false).execute({});
        return { rows: (res as { rows: unknown[] }).rows };
      },
    };
  }

  /** One transaction; `afterCommit` callbacks run once it has committed. */
  async transaction<R>(fn: (scope: TenantScope) => Promise<R>): Promise<R> {
    if (this.inTransaction) return fn(this);
    const queue: AfterCommit[] = [];
    const result = await this.root.raw.transaction((tx) =>
      fn(new TenantScope(this.tenantId, tx, this.root, true, queue)),
    );
    for (const cb of queue) await cb();
    return result;
  }
}

interface DynamicSelect<R> extends Promise<R[]> {
  limit(n: number): DynamicSelect<R>;
  offset(n: number): DynamicSelect<R>;
  orderBy(...cols: (PgColumn | SQL)[]): DynamicSelect<R>;
  for(strength: 'update'): DynamicSelect<R>;
}

export function withTenant<R>(db: Database, tenantId: number, fn: (scope: TenantScope) => Promise<R>): Promise<R> {
  return fn(new TenantScope(tenantId, db.raw, db));
}

/**
 * SECURITY-CRITICAL: the unscoped handle, for the platform operator's cross-tenant commands,
 * bootstrap, seeds and migrations only. The name says what it is on purpose.
 */
export function unsafeSystemDb(db: Database) {
  return db.raw;
}
