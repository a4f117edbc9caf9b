#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or older than its sources, then runs the
// server (web app, API and sockets on one port). DEMO=1 unless told otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'packages/contracts/src'].map((p) => path.join(root, p));
const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
const stale = sources.some((p) => existsSync(p) && (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs) > built);
if (stale) {
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const env = { ...process.env, DEMO: process.env.DEMO ?? '1' };
const tsx = path.join(root, 'node_modules/.bin/tsx');
const child = spawn(tsx, [path.join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
