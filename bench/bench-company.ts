/**
 * The company the service benchmarks share (bench/dashboard.ts, reports-service.ts,
 * reports-lists.ts): 42 users (an admin, a queue supervisor of queues 1 and 2, 40 agents each in
 * two of the four queues), 3 channels and `contacts` contacts created over the last year, all with
 * one password; and a login as the first user of a profile. Each benchmark adds its own tickets.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { unsafeSystemDb } from '../apps/server/src/platform/db/tenant-scope.js';
import { hashPassword } from '../apps/server/src/platform/security/passwords.js';
import { bootstrapPlatform } from '../apps/server/src/seed/bootstrap.js';

export const BENCH_PASSWORD = 'bench-pass-1';

type Query = <T>(text: string) => Promise<T[]>;

/**
 * The app on DATABASE_URL (migrated, the platform bootstrapped, no jobs, no demo, silent) and a raw
 * query of the system door for the seeds.
 */
export async function startBenchApp() {
  const config = loadConfig(
    { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'prosa-bench-')), LOG_LEVEL: 'silent' },
    { demo: false },
  );
  const app = await buildApp({ config, logger: false, jobs: false });
  await bootstrapPlatform(app.platform);
  const db = unsafeSystemDb(app.platform.db);
  const q: Query = async <T>(text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  return { app, q };
}

export async function seedBenchCompany(q: Query, tenantId: number, emailPrefix: string, contacts: number): Promise<void> {
  const id = tenantId;
  const hash = await hashPassword(BENCH_PASSWORD);
  await q(`insert into users (tenant_id, name, email, password_hash, profile)
    select ${id}, 'Agente ' || i, '${emailPrefix}${id}-' || i || '@bench.prosa', '${hash}',
      case when i = 0 then 'admin' when i = 41 then 'supervisorfila' else 'user' end from generate_series(0, 41) i`);
  await q(`insert into queues (tenant_id, name, color) select ${id}, 'Fila ' || i, '#123456' from generate_series(1, 4) i`);
  await q(`insert into user_queues (tenant_id, user_id, queue_id)
    select ${id}, u.id, q.id from users u join queues q on q.tenant_id = u.tenant_id
    where u.tenant_id = ${id} and u.profile <> 'admin' and (u.profile = 'supervisorfila' and q.name in ('Fila 1', 'Fila 2')
      or u.profile = 'user' and (u.id + q.id) % 2 = 0)`);
  await q(`insert into channels (tenant_id, name, type, status)
    select ${id}, 'Canal ' || i, 'whatsapp', 'CONNECTED' from generate_series(1, 3) i`);
  await q(`insert into contacts (tenant_id, name, number, created_at)
    select ${id}, 'Cliente ' || i, '55' || (11900000000 + i)::text, now() - (i * interval '365 days' / ${contacts})
    from generate_series(1, ${contacts}) i`);
}

/** A token of the company's first user of this profile. */
export async function benchLogin(base: string, q: Query, tenantId: number, profile: string): Promise<string> {
  const [u] = await q<{ email: string }>(
    `select email from users where tenant_id = ${tenantId} and profile = '${profile}' order by id limit 1`,
  );
  const res = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: u!.email, password: BENCH_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

/**
 * Changes to tickets of past days while a scenario runs, about 20 a second (a rating moved on one
 * of `ids` at a time): each makes the cache of finished days read that ticket's days again.
 * `stop()` ends them and waits for the last.
 */
export function ticketChanges(q: Query, ids: { id: number }[]): { stop: () => Promise<void> } {
  let stopped = false;
  const running = (async () => {
    for (let i = 1; !stopped; i++) {
      const id = ids[(i * 7919) % ids.length]!.id;
      await q(`update tickets set rating = 1 + (rating % 5) where id = ${id}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
