// Shared by `npm run backup` and `npm run restore` (see README, "Backup and restore").
//
// An archive is one .tar.gz:
//   manifest.json   what it holds: format, database kind, migrations applied, date, Prosa version
//   pglite/         the embedded database's folder (DATA_DIR/pglite), copied while no server runs
//   database.dump   or the PostgreSQL database, `pg_dump --format=custom`
//   media/          uploaded files (DATA_DIR/media); absent when media live in an S3 bucket
//   jwt-secret      the kept token secret, when DATA_DIR has one (sessions survive a restore)
//   encryption-secret  the kept key integration API keys are sealed under, when DATA_DIR has one
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FORMAT = 'prosa-backup';
export const FORMAT_VERSION = 1;
const MIGRATIONS = path.join(ROOT, 'apps/server/drizzle/meta/_journal.json');

/** The settings the scripts read, from the same environment variables as the server. */
export function settings(env = process.env) {
  return {
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    s3Bucket: env.S3_BUCKET || undefined,
  };
}

/** Migrations this code knows (the drizzle journal): a database with more is from a newer Prosa. */
export function knownMigrations() {
  const entries = JSON.parse(readFileSync(MIGRATIONS, 'utf8')).entries;
  return { count: entries.length, last: entries.at(-1)?.tag ?? null };
}

export function prosaVersion() {
  return JSON.parse(readFileSync(path.join(ROOT, 'apps/server/package.json'), 'utf8')).version;
}

export class Refusal extends Error {}

/** Runs a command to its end; its output is shown, a failure throws with its stderr. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (r.error) throw new Refusal(`${cmd} could not run: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} failed (exit ${r.status}): ${(r.stderr || r.stdout || '').trim()}`);
  return r.stdout;
}

/** Major version of a PostgreSQL client tool (pg_dump, pg_restore). */
export function toolMajor(tool) {
  const out = run(tool, ['--version']);
  const m = /(\d+)(?:\.(\d+))?/.exec(out);
  if (!m) throw new Refusal(`cannot read the version of ${tool}: ${out}`);
  return Number(m[1]);
}

/**
 * The embedded database's lock (the server takes the same one, apps/server/src/platform/db/
 * client.ts): DATA_DIR/pglite.lock holds the owner's pid and host name. Taken here so no server
 * starts while the folder is copied or replaced; refused while a live process holds it, and when
 * it was written on another host (another container), where this script cannot tell.
 */
export function lockDataDir(dataDir) {
  const file = path.join(dataDir, 'pglite.lock');
  const mine = `${process.pid} ${hostname()}`;
  try {
    writeFileSync(file, mine, { flag: 'wx' });
  } catch (e) {
    if (e.code === 'ENOENT') throw new Refusal(`the data folder ${dataDir} does not exist`);
    const [pid, host = hostname()] = readFileSync(file, 'utf8').trim().split(' ');
    const owner = Number(pid);
    if (host !== hostname()) {
      throw new Refusal(
        `${file} was written by process ${owner} on host ${host}, which this script cannot check. If no ` +
          'Prosa server runs on this data folder, delete that file and run this again.',
      );
    }
    if (owner > 0 && owner !== process.pid && alive(owner)) {
      throw new Refusal(
        `Prosa is running on ${dataDir} (process ${owner}). The embedded database is copied only while ` +
          'the server is stopped: stop it, run this again, then start it.',
      );
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

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** Opens the embedded database of DATA_DIR (replaying its log after a crash), for `fn`. */
export async function withPglite(dataDir, fn) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
  try {
    return await fn((text) => client.query(text).then((r) => r.rows));
  } finally {
    await client.close();
  }
}

/** Opens the PostgreSQL database of `url` for `fn`. */
export async function withPostgres(url, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn((text) => client.query(text).then((r) => r.rows));
  } finally {
    await client.end();
  }
}

/** Migrations applied to a database (0 when it has none yet). */
export async function appliedMigrations(query) {
  const [{ exists }] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!exists) return 0;
  const [{ n }] = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return n;
}

export function hasFiles(dir) {
  return existsSync(dir) && readdirSync(dir, { recursive: true, withFileTypes: true }).some((e) => e.isFile());
}

/** The script's end: a refusal or failure is one clear line and exit code 1. */
export async function main(fn) {
  try {
    await fn(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Refusal ? `Refused: ${e.message}` : `Failed: ${e.stack ?? e}`);
    process.exitCode = 1;
  }
}
