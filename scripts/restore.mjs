#!/usr/bin/env node
// `npm run restore -- FILE.tar.gz [--force]`: puts a backup of `npm run backup` back, into the
// database of DATA_DIR / DATABASE_URL as the server would open it. Run it with the server stopped.
//   Embedded: the data folder must hold no database yet (--force moves the one there aside).
//   PostgreSQL: pg_restore --clean --if-exists into DATABASE_URL (a fresh database is best).
// Media files are copied into DATA_DIR/media. An archive from a newer Prosa (more migrations
// than this code knows) is refused: upgrade first, then restore.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import {
  FORMAT,
  FORMAT_VERSION,
  Refusal,
  appliedMigrations,
  hasFiles,
  knownMigrations,
  lockDataDir,
  main,
  run,
  settings,
  toolMajor,
  withPglite,
  withPostgres,
} from './backup-lib.mjs';

function parseArgs(argv) {
  let file;
  let force = false;
  for (const a of argv) {
    if (a === '--force') force = true;
    else if (!a.startsWith('-') && !file) file = a;
    else throw new Refusal(`unknown argument ${a}`);
  }
  if (!file) throw new Refusal('usage: npm run restore -- FILE.tar.gz [--force]');
  if (!existsSync(file)) throw new Refusal(`no such archive: ${file}`);
  return { file: path.resolve(file), force };
}

await main(async (argv) => {
  const { file, force } = parseArgs(argv);
  const { dataDir, databaseUrl, s3Bucket } = settings();
  mkdirSync(dataDir, { recursive: true });
  // Unpacked inside DATA_DIR, so the database folder moves into place by a rename.
  const stage = mkdtempSync(path.join(dataDir, '.restore-'));
  let unlock = () => {};
  try {
    await tar.extract({ file, cwd: stage, strict: true, filter: (p) => p === 'manifest.json' }).catch((e) => {
      throw new Refusal(`${file} is not a Prosa backup (${e.message})`);
    });
    const manifestFile = path.join(stage, 'manifest.json');
    if (!existsSync(manifestFile)) throw new Refusal(`${file} is not a Prosa backup (no manifest.json)`);
    const m = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (m.format !== FORMAT || m.formatVersion > FORMAT_VERSION) {
      throw new Refusal(`${file} is not a Prosa backup this version can read (format ${m.format} ${m.formatVersion})`);
    }
    const known = knownMigrations();
    if (m.migrations > known.count) {
      throw new Refusal(
        `the backup's schema is newer than this Prosa (${m.migrations} migrations, this code knows ${known.count}): ` +
          'install the Prosa version that made it (or newer), then restore',
      );
    }
    const kind = databaseUrl ? 'postgres' : 'pglite';
    if (m.kind !== kind) {
      throw new Refusal(
        `the backup is of the ${m.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'}, and this ` +
          `environment ${kind === 'pglite' ? 'has no DATABASE_URL (embedded)' : 'sets DATABASE_URL (PostgreSQL)'}`,
      );
    }

    if (kind === 'pglite') {
      unlock = lockDataDir(dataDir);
      const target = path.join(dataDir, 'pglite');
      if (hasFiles(target)) {
        if (!force)
          throw new Refusal(
            `${target} already holds a database: restore into an empty DATA_DIR, or pass --force to move it aside`,
          );
        const aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(target, aside);
        console.log(`The database that was there is kept in ${aside}`);
      }
      await tar.extract({ file, cwd: stage, filter: (p) => p === 'pglite' || p.startsWith('pglite/') });
      rmSync(target, { recursive: true, force: true });
      renameSync(path.join(stage, 'pglite'), target);
      // A check that it opens, and that it is what the manifest says.
      const n = await withPglite(dataDir, appliedMigrations);
      if (n !== m.migrations)
        throw new Error(`the restored database has ${n} migrations, the manifest says ${m.migrations}`);
    } else {
      const major = Math.floor(m.postgresVersion / 10_000);
      const tool = toolMajor('pg_restore');
      if (tool < major)
        throw new Refusal(
          `pg_restore ${tool} cannot read a dump of PostgreSQL ${major}: install postgresql-client-${major}`,
        );
      const before = await withPostgres(databaseUrl, appliedMigrations);
      if (before > 0 && !force) {
        throw new Refusal(
          'DATABASE_URL already holds a Prosa database: restore into a fresh database, or pass --force to replace its objects',
        );
      }
      await tar.extract({ file, cwd: stage, filter: (p) => p === 'database.dump' });
      run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--exit-on-error',
        `--dbname=${databaseUrl}`,
        path.join(stage, 'database.dump'),
      ]);
      const n = await withPostgres(databaseUrl, appliedMigrations);
      if (n !== m.migrations)
        throw new Error(`the restored database has ${n} migrations, the manifest says ${m.migrations}`);
    }

    await tar.extract({
      file,
      cwd: stage,
      filter: (p) => p === 'jwt-secret' || p === 'encryption-secret' || p === 'media' || p.startsWith('media/'),
    });
    const media = path.join(stage, 'media');
    if (existsSync(media)) {
      if (s3Bucket)
        console.log('Note: S3_BUCKET is set, but the archive holds local media: they go to DATA_DIR/media.');
      cpSync(media, path.join(dataDir, 'media'), { recursive: true });
    }
    for (const name of ['jwt-secret', 'encryption-secret']) {
      const secret = path.join(stage, name);
      if (existsSync(secret) && (force || !existsSync(path.join(dataDir, name)))) cpSync(secret, path.join(dataDir, name));
    }
    console.log(
      `Restored ${file} (${m.kind}, ${m.migrations} migrations, made ${m.createdAt}) into ` +
        `${kind === 'pglite' ? dataDir : 'DATABASE_URL'}. Start Prosa: it applies any newer migrations.` +
        (String(m.media).startsWith('s3://')
          ? ` Media were in ${m.media.split(' ')[0]}: restore the bucket by its own means.`
          : ''),
    );
  } finally {
    unlock();
    rmSync(stage, { recursive: true, force: true });
  }
});
