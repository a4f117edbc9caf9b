/**
 * Benchmarks of the foundation on realistic volumes: the authenticated request path (token check
 * + live session lookup), the paginated user list and login (argon2), at concurrency 10 and 50.
 *   npm run bench                        embedded PGlite
 *   DATABASE_URL=postgres://... npm run bench   PostgreSQL
 * BENCH_TENANTS / BENCH_USERS_PER_TENANT / BENCH_REQUESTS scale it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedVolume } from './seed-foundation.js';
import { measure, report } from './measure.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { buildApp } from '../apps/server/src/app.js';
import { bootstrapPlatform } from '../apps/server/src/seed/bootstrap.js';

const tenantsN = Number(process.env.BENCH_TENANTS ?? 500);
const usersPerTenant = Number(process.env.BENCH_USERS_PER_TENANT ?? 40);
const requests = Number(process.env.BENCH_REQUESTS ?? 4000);

const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { demo: false });
const app = await buildApp({ config, logger: false });
await bootstrapPlatform(app.platform);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const engine = app.platform.db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';

const t0 = Date.now();
const target = await seedVolume(app.platform, { tenants: tenantsN, usersPerTenant });
console.log(`seeded ${tenantsN} companies x ${usersPerTenant} users in ${((Date.now() - t0) / 1000).toFixed(1)} s on ${engine}`);

const login = await fetch(`${base}/auth/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: target.email, password: target.password }),
});
const { token } = (await login.json()) as { token: string };
const auth = { authorization: `Bearer ${token}` };

const rows = [];
for (const concurrency of [10, 50]) {
  rows.push(
    await measure(`GET /queue (auth path)`, concurrency, requests, () => fetch(`${base}/queue`, { headers: auth })),
    await measure(`GET /users/ page 1`, concurrency, requests, () => fetch(`${base}/users/?pageNumber=1`, { headers: auth })),
    await measure(`GET /users/ search`, concurrency, requests, () =>
      fetch(`${base}/users/?searchParam=agente%2010`, { headers: auth }),
    ),
    await measure(`POST /auth/login/ (argon2id)`, concurrency, Math.min(requests, 400), () =>
      fetch(`${base}/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.1` },
        body: JSON.stringify({ email: target.email, password: target.password }),
      }),
    ),
  );
}
report(engine, rows);
await app.close();
