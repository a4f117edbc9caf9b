/**
 * The attendance panel on the desk benchmark's company (bench/desk.ts seeds it: 200,000 tickets,
 * 10,000 open and 10,000 pending among 40 agents, 2,000,000 messages): GET /panel for an admin at
 * concurrency 5, and its live update, the time from a ticket change (a transfer through the API)
 * until the admin's socket has the `ticket` event and the panel read again has come back, which
 * is what the screen does.
 *   DATABASE_URL=postgres://.../prosa_bench_desk npx tsx bench/panel.ts   (seeded by bench/desk.ts first)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { measure, report } from './measure.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { unsafeSystemDb } from '../apps/server/src/platform/db/tenant-scope.js';

const PASSWORD = 'bench-pass-1';
const LIVE_SAMPLES = Number(process.env.BENCH_PANEL_LIVE ?? 30);
const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-panel-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { demo: false });
const app = await buildApp({ config, logger: false, jobs: false });
const db = unsafeSystemDb(app.platform.db);
const q = async <T>(text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const [big] = await q<{ id: number }>(`select id from tenants where name = 'Bench desk'`);
if (!big) throw new Error('no desk company here: run bench/desk.ts on this database first');
const [admin] = await q<{ email: string }>(`select email from users where tenant_id = ${big.id} and profile = 'admin'`);
const agents = await q<{ id: number }>(`select id from users where tenant_id = ${big.id} and profile = 'user' order by id limit 2`);
const [ticket] = await q<{ id: number }>(`select id from tickets where tenant_id = ${big.id} and status = 'open' order by id limit 1`);

await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = await fetch(`${base}/auth/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: admin!.email, password: PASSWORD }),
});
const { token } = (await login.json()) as { token: string };
const call = (method: string, url: string, body?: unknown) =>
  fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

const first = (await (await call('GET', '/panel')).json()) as { users: { open: number; pending: number }[]; queues: unknown[] };
const open = first.users.reduce((n, u) => n + u.open, 0);
console.log(`panel of the desk company: ${first.users.length} users, ${first.queues.length} queues, ${open} open tickets assigned`);
const rows = [await measure('GET /panel (admin)', 5, 500, () => call('GET', '/panel'))];

// Live: transfer a ticket back and forth; the admin's socket hears it; the panel is read again.
const socket = io(base, { transports: ['websocket'], auth: { token } });
await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
const live: number[] = [];
for (let i = 0; i < LIVE_SAMPLES; i++) {
  const heard = new Promise<void>((resolve) => {
    const on = (e: { ticket?: { id: number } }) => {
      if (e.ticket?.id !== ticket!.id) return;
      socket.off('ticket', on);
      resolve();
    };
    socket.on('ticket', on);
  });
  const t0 = performance.now();
  const res = await call('PUT', `/tickets/${ticket!.id}`, { userId: agents[i % 2]!.id });
  if (!res.ok) throw new Error(`transfer answered ${res.status}: ${await res.text()}`);
  await heard;
  await (await call('GET', '/panel')).arrayBuffer();
  live.push(performance.now() - t0);
}
live.sort((a, b) => a - b);
const pct = (p: number) => live[Math.min(live.length - 1, Math.floor((p / 100) * live.length))]!;
console.log(`live update (change -> event -> panel read): p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, max ${live.at(-1)!.toFixed(0)} ms`);
report(app.platform.db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL', rows);
socket.close();
await app.close();
