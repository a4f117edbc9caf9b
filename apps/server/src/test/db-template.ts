/**
 * Migrated databases for the route tests to start from, made once per test run (global-setup.ts)
 * instead of once per harness: running every migration took about 2-3 s of each harness start on
 * PGlite and 1-2 s on PostgreSQL, for more than a hundred harnesses a run.
 * - PGlite: the migrated data folder as a tarball in the temp folder; each harness loads it.
 * - PostgreSQL: a template database; each harness's database is `create database ... template`
 *   (a file copy on the server).
 * Both are named by a hash of the migrations, so a changed migration makes a new one; the migrator
 * still runs on every harness and applies anything the template lacks.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../platform/db/client.js';

export const PGLITE_TEMPLATE_ENV = 'PROSA_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'PROSA_TEST_PG_TEMPLATE';

/** A short hash of every migration file and the journal. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.sql') || entry.name === '_journal.json') hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 12);
}

export const pgliteTemplateFile = (hash: string) => path.join(tmpdir(), `prosa-test-template-${hash}.tar`);
export const pgTemplateName = (hash: string) => `prosa_tpl_${hash}`;

/** The PGlite template for a harness, when the run made one. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}
