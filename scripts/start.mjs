#!/usr/bin/env node
// `npm start`: builds the web app and the server when missing or older than their sources
// (scripts/build.mjs, in a child process that ends before the server starts), then runs the
// compiled server (apps/server/dist/main.js) in this same process: web app, API and sockets on
// one port. DEMO=1 unless told otherwise. `--dev` runs the TypeScript sources through tsx instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale, SERVER_OUT } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.DEMO ??= '1';

const dev = process.argv.includes('--dev');
// The staleness check is a walk over the sources' modification times (milliseconds); the
// builders (esbuild, Vite) are loaded only in the child, so none of it stays in memory.
// PROSA_NO_BUILD=1 (the container image, built once) skips the check.
const stale = process.env.PROSA_NO_BUILD === '1' ? [] : (dev ? ['web'] : ['web', 'server']).filter((t) => isStale(t));
if (stale.length > 0) {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale', ...stale], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (dev) {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const child = spawn(tsx, [path.join(root, 'apps/server/src/main.ts')], { cwd: root, stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
} else if (!existsSync(SERVER_OUT)) {
  console.error(`${SERVER_OUT} is missing: run \`npm run build\`.`);
  process.exit(1);
} else {
  process.chdir(root);
  await import(pathToFileURL(SERVER_OUT).href);
}
