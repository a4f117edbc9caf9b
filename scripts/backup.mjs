#!/usr/bin/env node
// `npm run backup [-- --out FILE]`: one .tar.gz of the database and the media folder (see
// backup-lib.mjs for what is in it). Reads DATA_DIR, DATABASE_URL and S3_BUCKET as the server does.
//   Embedded database: the server must be stopped (the folder is copied as is, under its lock).
//   PostgreSQL: pg_dump while the server runs (a consistent snapshot), plus DATA_DIR/media.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import {
  FORMAT,
  FORMAT_VERSION,
  Refusal,
  appliedMigrations,
  knownMigrations,
  lockDataDir,
  main,
  prosaVersion,
  run,
  settings,
  toolMajor,
  withPglite,
  withPostgres,
} from './backup-lib.mjs';

function parseArgs(argv) {
  let out;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') out = argv[++i];
    else if (argv[i].startsWith('--out=')) out = argv[i].slice(6);
    else throw new Refusal(`unknown argument ${argv[i]} (usage: npm run backup -- [--out FILE.tar.gz])`);
  }
  return { out };
}

await main(async (argv) => {
  const { out } = parseArgs(argv);
  const { dataDir, databaseUrl, s3Bucket } = settings();
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(out ?? path.join('backups', `prosa-${kind}-${stamp}.tar.gz`));
  mkdirSync(path.dirname(file), { recursive: true });

  // The archive is packed from a staging folder: the manifest and dump are written there, the
  // folders to copy are linked into it (tar follows the links; nothing large is copied twice).
  const stage = mkdtempSync(path.join(tmpdir(), 'prosa-backup-'));
  const entries = ['manifest.json'];
  const link = (from, name) => {
    if (!existsSync(from)) return;
    symlinkSync(from, path.join(stage, name));
    entries.push(name);
  };
  let unlock = () => {};
  try {
    let migrations;
    let server;
    if (kind === 'pglite') {
      if (!existsSync(path.join(dataDir, 'pglite'))) throw new Refusal(`no embedded database in ${dataDir} (DATA_DIR)`);
      unlock = lockDataDir(dataDir);
      // Opening it replays the log of a server that was killed, so the copy is a clean shutdown.
      migrations = await withPglite(dataDir, appliedMigrations);
      link(path.join(dataDir, 'pglite'), 'pglite');
    } else {
      ({ migrations, server } = await withPostgres(databaseUrl, async (q) => ({
        migrations: await appliedMigrations(q),
        server: (await q(`select current_setting('server_version_num')::int as v`))[0].v,
      })));
      // pg_dump refuses a server newer than itself; say which one to install instead.
      const major = Math.floor(server / 10_000);
      const dump = toolMajor('pg_dump');
      if (dump < major) {
        throw new Refusal(
          `pg_dump ${dump} cannot dump PostgreSQL ${major}: install postgresql-client-${major} (or newer)`,
        );
      }
      run('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--file=${path.join(stage, 'database.dump')}`,
        `--dbname=${databaseUrl}`,
      ]);
      entries.push('database.dump');
    }
    const known = knownMigrations();
    if (migrations === 0) throw new Refusal('the database has no Prosa schema: nothing to back up');
    if (!s3Bucket) link(path.join(dataDir, 'media'), 'media');
    link(path.join(dataDir, 'jwt-secret'), 'jwt-secret');
    // The key integration API keys are sealed under: without it a restore could not open them.
    link(path.join(dataDir, 'encryption-secret'), 'encryption-secret');
    const manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      kind,
      createdAt: new Date().toISOString(),
      prosaVersion: prosaVersion(),
      migrations,
      codeMigrations: known.count,
      ...(server ? { postgresVersion: server } : {}),
      media: s3Bucket ? `s3://${s3Bucket} (not in this archive: back the bucket up by its own means)` : 'media/',
    };
    writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create({ gzip: true, file, cwd: stage, follow: true, portable: true }, entries);
    const mb = (statSync(file).size / 1e6).toFixed(1);
    console.log(
      `Backup written: ${file} (${mb} MB, ${kind}, ${migrations} migrations${s3Bucket ? ', media in S3' : ''})`,
    );
  } finally {
    unlock();
    rmSync(stage, { recursive: true, force: true });
  }
});
