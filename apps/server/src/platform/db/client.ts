/**
 * One database for both engines: embedded PGlite in DATA_DIR when DATABASE_URL is unset, a
 * PostgreSQL server otherwise. Same drizzle schema, same migrations folder.
 */
import { mkdirSync } from 'node:fs';
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
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
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
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** Prepared statements kept on the embedded database before they are all let go. */
const PGLITE_PREPARED_MAX = 500;

/** Arbitrary constant for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 482_190_331;

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.DB_POOL_MAX ?? 20),
      // Named statements (runMemo, runNamed) and their cached plans stay on their connection for
      // its life: a connection is replaced after 15 minutes, so they cannot pile up without bound.
      maxLifetimeSeconds: 900,
    });
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    const raw = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      raw,
      kind: 'postgres',
      jobsConnection: { connectionString: opts.databaseUrl },
      runNamed: async (name, text, params) => (await pool.query({ name, text, values: params })).rows,
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir && opts.dataDir !== 'memory://') {
    dataDir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  /** Names of the statements prepared on the embedded database (see runNamed below). */
  const prepared = new Set<string>();
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    raw: db as unknown as Db,
    kind: 'pglite',
    jobsConnection: {
      // pg-boss sends its migrations as several statements without parameters: PGlite's `exec` runs those.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    runNamed: async (name, text, params) => {
      if (params.length > 0) return (await client.query<Record<string, unknown>>(text, params)).rows;
      // A statement without parameters (runMemo inline) is prepared once and then only executed,
      // as node-postgres does on a server: PGlite would plan it again on every run otherwise.
      if (!prepared.has(name)) {
        if (prepared.size >= PGLITE_PREPARED_MAX) {
          await client.exec('deallocate all');
          prepared.clear();
        }
        await client.exec(`prepare ${name} as ${text}`);
        prepared.add(name);
      }
      return (await client.query<Record<string, unknown>>(`execute ${name}`)).rows;
    },
    close: () => client.close(),
  };
}
