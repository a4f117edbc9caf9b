/**
 * One database for both engines: embedded PGlite in DATA_DIR when DATABASE_URL is unset, a
 * PostgreSQL server otherwise. Same drizzle schema, same migrations folder.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { CHANGE_CHANNEL, localChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.js';
import * as schema from './schema.js';
import { inlineParams } from './tenant-scope.js';

export type Schema = typeof schema;
/**
 * Without drizzle's relational API (`db.query.<table>`, unused): given the schema, drizzle builds
 * a query builder for every table of it on each transaction it opens, 2% of a bot step's CPU
 * (bench/chatbot.ts, --cpu-prof).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the root handle or a transaction. */
export type DbExecutor = Db | Tx;

export interface Database {
  /**
   * The raw handle. Domain code never touches it: it goes through `withTenant` (tenant-scope.ts).
   * Only the platform operator's commands, migrations and seeds use it, through `unsafeSystemDb`.
   */
  readonly raw: Db;
  readonly kind: 'pglite' | 'postgres';
  /** How the job queue reaches the same database: a connection string, or a SQL runner (PGlite). */
  readonly jobsConnection:
    { connectionString: string } | { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
  /**
   * Runs built SQL as a named prepared statement (PostgreSQL keeps its plan per connection, so a
   * hot dynamic query is not planned again on every request); PGlite runs it as is.
   */
  runNamed(name: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /** Changes to the rows the in-memory caches read (change-feed.ts). */
  readonly changes: ChangeFeed;
  /** Connections of the PostgreSQL pool (metrics); PGlite has one connection and no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite: the data folder as a tarball (`loadDataDir` starts another database from it). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** Prepared statements kept on the embedded database before they are all let go. */
const PGLITE_PREPARED_MAX = 500;

/** Arbitrary constant for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 482_190_331;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /**
   * PGlite only: start from this dump of a data folder (`dumpDataDir`): the route tests start each
   * in-memory database from one already migrated (test/global-setup.ts) instead of running every
   * migration again. The migrator still runs and applies what the dump lacks.
   */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.DB_POOL_MAX ?? 20),
      // Named statements (runMemo, runNamed) and their cached plans stay on their connection for
      // its life: a connection is replaced after 15 minutes, so they cannot pile up without bound.
      maxLifetimeSeconds: 900,
      // A connect that hangs (the database restarting, a dead network path) fails instead of
      // holding the request: the error handler answers 503 ERR_DATABASE_UNAVAILABLE.
      connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 5000),
      // runMemo's inline statements (tenant-scope.ts, literal) double quotes only: that is safe
      // with standard strings, PostgreSQL's default, which a server or database may still turn off.
      // Set in each connection's startup packet, so no query races its first user's (a query on
      // 'connect' did: pg warns, and pg 9 refuses, a query while another is running).
      options: '-c standard_conforming_strings=on',
    });
    // An idle connection cut by the server (restart, failover) emits 'error' on the pool: without
    // a listener that would end the process. The pool drops the client and opens a new one later.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    const raw = drizzlePg(pool) as unknown as Db;
    const changes = await postgresChangeFeed(opts.databaseUrl);
    return {
      raw,
      kind: 'postgres',
      jobsConnection: { connectionString: opts.databaseUrl },
      runNamed: async (name, text, params) => (await pool.query({ name, text, values: params })).rows,
      changes,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => changes.close().then(() => pool.end()),
    };
  }
  let dataDir: string | undefined;
  let unlock = () => {};
  if (opts.dataDir && opts.dataDir !== 'memory://') {
    dataDir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(opts.dataDir);
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm },
  }).catch((e) => {
    unlock();
    throw e;
  });
  await client.waitReady;
  const db = drizzlePglite(client);
  /** Names of the statements prepared on the embedded database (see runNamed below). */
  const prepared = new Set<string>();
  /** Statements PGlite could not prepare with their parameters' types unknown: run as is. */
  const unpreparable = new Set<string>();
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  const changes = localChangeFeed();
  await client.listen(CHANGE_CHANNEL, (payload) => changes.heard(payload));
  return {
    raw: db as unknown as Db,
    kind: 'pglite',
    changes,
    jobsConnection: {
      // pg-boss sends its migrations as several statements without parameters: PGlite's `exec` runs those.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    runNamed: async (name, text, params) => {
      // A statement is prepared once and then only executed, as node-postgres does on a server:
      // PGlite would plan it again on every run otherwise (the session lookup of every request
      // cost 4 times as much). EXECUTE takes no bind parameters, so the values are written into
      // it as literals (inlineParams); a value that has none (an array, an object) or a
      // statement PostgreSQL cannot prepare on its own (a parameter of unknown type) runs as is.
      let execute = `execute ${name}`;
      if (params.length > 0) {
        try {
          if (unpreparable.has(name)) throw new Error('not preparable');
          execute = inlineParams({ sql: `execute ${name}(${params.map((_, i) => `$${i + 1}`).join(', ')})`, params }).sql;
        } catch {
          return (await client.query<Record<string, unknown>>(text, params)).rows;
        }
      }
      if (!prepared.has(name)) {
        if (prepared.size >= PGLITE_PREPARED_MAX) {
          await client.exec('deallocate all');
          prepared.clear();
        }
        try {
          await client.exec(`prepare ${name} as ${text}`);
        } catch (err) {
          if (params.length === 0) throw err;
          unpreparable.add(name);
          return (await client.query<Record<string, unknown>>(text, params)).rows;
        }
        prepared.add(name);
      }
      return (await client.query<Record<string, unknown>>(execute)).rows;
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close().finally(unlock),
  };
}

/**
 * One process at a time on an embedded data folder: two would corrupt it, and `npm run backup`
 * copies it only while no server holds it. DATA_DIR/pglite.lock holds the owner's pid and host
 * name; a lock whose process is gone (kill -9) is taken over, and so is one written on another
 * host (a container that was replaced: its pids mean nothing here). Returns the release.
 */
function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'pglite.lock');
  const mine = `${process.pid} ${hostname()}`;
  try {
    writeFileSync(file, mine, { flag: 'wx' });
  } catch {
    const [pid, host = hostname()] = readFileSync(file, 'utf8').trim().split(' ');
    const owner = Number(pid);
    if (host === hostname() && owner !== process.pid && owner > 0 && alive(owner)) {
      throw new Error(`The embedded database in ${dir} is in use by process ${owner} (a Prosa server or a backup).`);
    }
    writeFileSync(file, mine);
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === mine) rmSync(file);
    } catch {
      /* already gone */
    }
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
