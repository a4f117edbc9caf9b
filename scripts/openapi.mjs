#!/usr/bin/env node
// `npm run openapi`: the OpenAPI document of the app (what /docs/json serves), linted, and the typed
// client generated from it and type-checked. Run by the static step of `npm test`.
//   1. apps/server/src/openapi-document.ts builds the app without listening (embedded database in
//      memory, no jobs) and writes build/openapi/openapi.json;
//   2. `redocly lint` checks it with redocly.yaml (recommended rules), telemetry and update check
//      off: it reads only local files;
//   3. openapi-typescript writes packages/api-client/src/generated/openapi.d.ts (not committed) and
//      tsc type-checks packages/api-client (its committed example uses those types).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const doc = path.join(root, 'build', 'openapi', 'openapi.json');
const types = path.join(root, 'packages', 'api-client', 'src', 'generated', 'openapi.d.ts');
// The caller's database must not be touched: the document comes from an in-memory one.
const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
const quiet = { ...env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' };

const steps = [
  ['the document', bin('tsx'), ['apps/server/src/openapi-document.ts', doc]],
  ['redocly lint', bin('redocly'), ['lint', doc, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish']],
  ['the typed client', bin('openapi-typescript'), [doc, '--output', types]],
  ['the client example type-checks', bin('tsc'), ['-p', 'packages/api-client']],
];
for (const [name, cmd, args] of steps) {
  console.log(`--- openapi: ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: quiet });
  if (r.status !== 0) {
    console.error(`openapi: ${name} failed`);
    process.exit(r.status ?? 1);
  }
}
