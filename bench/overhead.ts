/**
 * Per-request overhead (issue 12): Prosa's cheapest authenticated GET (`GET /tags`, a valid
 * bearer token, one company with ~20 tags) against a bare `node:http` server answering the same
 * JSON array, in the same run, with the same load generator (load-worker.mjs, a worker thread,
 * keep-alive node:http clients) at concurrency 10 for BENCH_SECONDS each. The session and the
 * tags are served from memory while nothing they were read from changes (change-feed.ts), so a
 * third row measures a GET that reads the database each time (`GET /queue`, 20 queues, the
 * user's queue rights: one query), which shows the rest of the request path with a query in it.
 *   npm run overhead -w bench                                            embedded PGlite (temp folder)
 *   DATABASE_URL=postgres://.../prosa_overhead npm run overhead -w bench   PostgreSQL
 * Both servers run as child processes of this script, as `npm start` runs Prosa: Prosa with its
 * logger at LOG_LEVEL (default info, written to /dev/null), its job workers and security headers.
 * BENCH_SECONDS (default 10), BENCH_CONCURRENCY (10), BENCH_ROUNDS (1: bare, Prosa, repeated).
 * Besides req/s it prints each server's own CPU time per request, which a machine loaded by
 * other work disturbs far less than req/s (RSS MB is the server child's).
 * BENCH_NODE_ARGS='<flags>' starts the Prosa child with those Node/V8 flags (npm start's, say).
 * BENCH_PROFILE=<dir> runs the Prosa child with `node --cpu-prof` and writes its profile there
 * (summarise it with `node bench/cpu-profile-summary.mjs <file>`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { report, type Row } from './measure.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const PASSWORD = 'bench-pass-1';
const TAGS = 20;

interface Ready {
  port: number;
  email?: string;
}

/** A tag as `GET /tags` presents it: what the bare server answers too. */
const tagOf = (i: number) => ({
  id: i,
  name: `Tag ${String(i).padStart(2, '0')}`,
  color: '#654321',
  active: true,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

interface Usage {
  cpu: NodeJS.CpuUsage;
  rss: number;
}

/** A child answers 'usage' with its CPU time and RSS so far, and stops on 'stop'. */
function answerUsage(stop: () => void): void {
  process.on('message', (m) => {
    if (m === 'usage') process.send!({ cpu: process.cpuUsage(), rss: process.memoryUsage().rss } satisfies Usage);
    else stop();
  });
}

async function serveBare(): Promise<void> {
  const tags = Array.from({ length: TAGS }, (_, i) => tagOf(i + 1));
  const server = http.createServer((_req, res) => {
    const body = JSON.stringify(tags);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send!({ port: (server.address() as { port: number }).port } satisfies Ready);
  answerUsage(() => server.close(() => process.exit(0)));
}

async function serveProsa(): Promise<void> {
  const { sql } = await import('drizzle-orm');
  const { loadConfig } = await import('../apps/server/src/platform/config.js');
  const { unsafeSystemDb } = await import('../apps/server/src/platform/db/tenant-scope.js');
  const { buildApp } = await import('../apps/server/src/app.js');
  const { hashPassword } = await import('../apps/server/src/platform/security/passwords.js');
  const { bootstrapPlatform } = await import('../apps/server/src/seed/bootstrap.js');
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }, { demo: false });
  const app = await buildApp({ config });
  await bootstrapPlatform(app.platform);
  const db = unsafeSystemDb(app.platform.db);
  const q = async <T>(text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const stamp = `${Date.now()}`;
  const [t] = await q<{ id: number }>(
    `insert into tenants (name, due_date) values ('Overhead ${stamp}', now() + interval '1 year') returning id`,
  );
  const email = `overhead-${stamp}@bench.prosa`;
  await q(`insert into users (tenant_id, name, email, password_hash, profile)
    values (${t!.id}, 'Agente', '${email}', '${await hashPassword(PASSWORD)}', 'user')`);
  await q(`insert into tags (tenant_id, name, color)
    select ${t!.id}, 'Tag ' || lpad(i::text, 2, '0'), '#654321' from generate_series(1, ${TAGS}) i`);
  await q(`insert into queues (tenant_id, name, color)
    select ${t!.id}, 'Fila ' || lpad(i::text, 2, '0'), '#123456' from generate_series(1, ${TAGS}) i`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as { port: number }).port, email } satisfies Ready);
  answerUsage(() => void app.close().then(() => process.exit(0)));
}

function start(mode: 'bare' | 'prosa', env: NodeJS.ProcessEnv, execArgv: string[] = []) {
  const child = fork(fileURLToPath(import.meta.url), [mode], {
    env,
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise<{ child: ChildProcess; ready: Ready }>((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ready: m as Ready }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited (${code}) before it listened`)));
  });
}

function usage(child: ChildProcess): Promise<Usage> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as Usage));
    child.send('usage');
  });
}

/** The load run, with the server's own CPU time per request (robust to a loaded machine) and RSS. */
async function measured(
  name: string,
  child: ChildProcess,
  base: string,
  token: string,
  url = '/tags',
): Promise<Row & { cpuUs: number }> {
  const before = await usage(child);
  const row = await load(name, base, token, SECONDS, url);
  const after = await usage(child);
  const cpu = after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system;
  return { ...row, rssMb: after.rss / 1024 / 1024, cpuUs: cpu / row.n };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
}

function load(name: string, base: string, token: string, seconds: number, url = '/tags'): Promise<Row> {
  return new Promise((resolve, reject) => {
    const w = new Worker(path.join(here, 'load-worker.mjs'), {
      workerData: { base, token, urls: [url], concurrency: CONCURRENCY, n: 0, seconds },
    });
    w.once('error', reject);
    w.once('message', (m: { lat: number[]; errors: number; secs: number }) => {
      const lat = m.lat.sort((a, b) => a - b);
      const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? 0;
      resolve({
        name,
        concurrency: CONCURRENCY,
        n: lat.length,
        rps: lat.length / m.secs,
        p50: pct(50),
        p99: pct(99),
        errors: m.errors,
        rssMb: 0,
      });
      void w.terminate();
    });
  });
}

async function main(): Promise<void> {
  const pg = Boolean(process.env.DATABASE_URL);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-overhead-'));
  const profile = process.env.BENCH_PROFILE;
  const bare = await start('bare', process.env);
  const prosa = await start(
    'prosa',
    { ...process.env, DATA_DIR: dataDir, DEMO: 'false' },
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []),
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
  );
  try {
    const prosaBase = `http://127.0.0.1:${prosa.ready.port}`;
    const bareBase = `http://127.0.0.1:${bare.ready.port}`;
    const res = await fetch(`${prosaBase}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: prosa.ready.email, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    const check = await fetch(`${prosaBase}/tags`, { headers: { authorization: `Bearer ${token}` } });
    const tags = (await check.json()) as unknown[];
    if (!check.ok || tags.length !== TAGS) throw new Error(`GET /tags answered ${check.status} with ${tags.length} tags`);

    // Warm-up, not measured: JIT, the pool's connections, prepared statements.
    await load('warm-up', bareBase, token, Math.min(2, SECONDS));
    await load('warm-up', prosaBase, token, Math.min(3, SECONDS));
    await load('warm-up', prosaBase, token, Math.min(2, SECONDS), '/queue');
    const rows: (Row & { cpuUs: number })[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const b = await measured(`bare node:http, GET /tags (JSON array of ${TAGS})`, bare.child, bareBase, token);
      const p = await measured(`Prosa GET /tags (bearer token)`, prosa.child, prosaBase, token);
      const u = await measured(`Uncached: Prosa GET /queue (one query)`, prosa.child, prosaBase, token, '/queue');
      rows.push(b, p, u);
      console.log(`round ${r + 1}: Prosa / bare node:http = ${((100 * p.rps) / b.rps).toFixed(1)}%`);
    }
    report(`${pg ? 'PostgreSQL' : 'PGlite (embedded)'}, ${SECONDS} s per row, concurrency ${CONCURRENCY}`, rows);
    console.log('\nserver CPU time per request (its own process; PostgreSQL not counted):');
    for (const r of rows) console.log(`  ${r.name}: ${r.cpuUs.toFixed(0)} µs`);
    const sum = (name: string) => rows.filter((x) => x.name.startsWith(name)).reduce((a, x) => a + x.rps, 0);
    console.log(`\nProsa / bare node:http: ${((100 * sum('Prosa')) / sum('bare')).toFixed(1)}% of req/s`);
    console.log(`uncached GET / bare node:http: ${((100 * sum('Uncached')) / sum('bare')).toFixed(1)}% of req/s`);
  } finally {
    await Promise.all([stop(bare.child), stop(prosa.child)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
if (mode === 'bare') await serveBare();
else if (mode === 'prosa') await serveProsa();
else await main();
