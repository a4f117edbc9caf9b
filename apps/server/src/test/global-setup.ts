/**
 * Vitest global setup (vitest.config.ts): makes the migrated template the harnesses start from
 * (db-template.ts) once, before the test files run, and removes it after. The test files' workers
 * are started after this and inherit the environment variables that name it.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../platform/db/client.js';
import {
  migrationsHash,
  PG_TEMPLATE_ENV,
  PGLITE_TEMPLATE_ENV,
  pgliteTemplateFile,
  pgTemplateName,
} from './db-template.js';

async function onServer(serverUrl: string, text: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const hash = migrationsHash();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    // One template per run (a run of another checkout may hold a template of the same hash).
    const name = `${pgTemplateName(hash)}_${process.pid}`;
    await onServer(serverUrl, `drop database if exists ${name}`);
    await onServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString() });
    await db.close();
    process.env[PG_TEMPLATE_ENV] = name;
    return async () => {
      delete process.env[PG_TEMPLATE_ENV];
      await onServer(serverUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
    };
  }
  const file = pgliteTemplateFile(`${hash}-${process.pid}`);
  const db = await openDatabase({ dataDir: 'memory://' });
  const dump = await db.dumpDataDir!();
  await db.close();
  writeFileSync(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.part`, file);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    rmSync(file, { force: true });
  };
}
