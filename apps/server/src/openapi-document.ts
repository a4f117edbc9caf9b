/**
 * Writes the OpenAPI document of the running app (what /docs/json serves) to a file, without
 * listening: the app is built on an in-memory embedded database, with no job workers and no channel
 * sessions, then closed. `scripts/openapi.mjs` lints it and generates the typed client from it.
 *
 *   npx tsx apps/server/src/openapi-document.ts build/openapi/openapi.json
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import { buildApp } from './app.js';

const out = path.resolve(process.argv[2] ?? 'build/openapi/openapi.json');
const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-openapi-'));
// Only the environment this needs: a DATABASE_URL or REDIS_URL of the caller must not be touched.
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(32) }, { demo: false, smtp: undefined });
const db = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ config, db, logger: false, jobs: false, sessions: false });
try {
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), out)}`);
} finally {
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
