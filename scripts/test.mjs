#!/usr/bin/env node
// `npm test`: type-check, lint, the OpenAPI document (lint and typed client), unit and route tests,
// the fault tests (PostgreSQL + Redis only), then the browser journeys in Chromium.
// Runs on the embedded database, or on the PostgreSQL/Redis of DATABASE_URL/REDIS_URL when set.
// The browser tests are required: without /usr/bin/chromium (or CHROMIUM_PATH) the run fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Type-check and lint do not depend on the database: a second pass over another engine (CI's
// PostgreSQL + Redis pass) sets PROSA_TEST_SKIP_STATIC=1 to run them once, not once per database.
const skipStatic = process.env.PROSA_TEST_SKIP_STATIC === '1';
const steps = [
  ...(skipStatic
    ? []
    : [
        ['type-check', ['run', 'typecheck']],
        ['lint', ['run', 'lint']],
        ['OpenAPI document: redocly lint and the typed client', ['run', 'openapi']],
      ]),
  ['unit and route tests', ['run', 'test:unit']],
  // The fault tests (faults/: kill -9, failover, a database cut) need PostgreSQL + Redis: CI's second pass.
  ...(process.env.DATABASE_URL && process.env.REDIS_URL ? [['fault tests', ['run', 'test:faults']]] : []),
  ['browser journeys', ['run', 'test:e2e']],
];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
const where = process.env.DATABASE_URL ? `PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}` : 'embedded PGlite';
let passed = 0;
for (const [name, args] of steps) {
  console.log(`\n=== ${name} (${where}) ===`);
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`\n${name} failed`);
    console.log(`${passed} passed, 1 failed`);
    process.exit(r.status ?? 1);
  }
  passed++;
}
console.log(`\nAll test steps passed on ${where}.`);
