/**
 * The ticket list on realistic volumes: 3 companies x 200,000 tickets on PostgreSQL, p50/p99 of
 * GET /tickets per tab and an EXPLAIN ANALYZE of its queries.
 *   DATABASE_URL=postgres://.../prosa_bench_tickets npx tsx bench/tickets-list.ts
 * BENCH_TICKETS scales it (per company); the seed is done once per database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZAttendanceFilter } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { unsafeSystemDb, withTenant } from '../apps/server/src/platform/db/tenant-scope.js';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/platform/security/passwords.js';
import { bootstrapPlatform } from '../apps/server/src/seed/bootstrap.js';
import { buildTicketList } from '../apps/server/src/modules/tickets/tickets.list-query.js';
import { resolveSearch } from '../apps/server/src/modules/tickets/tickets.search.js';
import { loadViewer } from '../apps/server/src/modules/tickets/tickets.viewer.js';

const N = Number(process.env.BENCH_TICKETS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL: this benchmark is for PostgreSQL');

const config = loadConfig(
  { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'prosa-bench-')), LOG_LEVEL: 'silent' },
  { demo: false },
);
const app = await buildApp({ config, logger: false, jobs: false });
await bootstrapPlatform(app.platform);
const db = unsafeSystemDb(app.platform.db);
const q = async <T>(text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

async function seedCompany(n: number): Promise<{ tenantId: number; admin: string; agent: string }> {
  const [t] = await q<{ id: number }>(
    `insert into tenants (name, due_date) values ('Bench tickets ${n}', now() + interval '1 year') returning id`,
  );
  const id = t!.id;
  const hash = await hashPassword('bench-pass-1');
  await q(`insert into users (tenant_id, name, email, password_hash, profile)
    select ${id}, case when i = 0 then 'Admin' else 'Agente ' || i end, 'bt${id}-' || i || '@bench.prosa', '${hash}',
      case when i = 0 then 'admin' else 'user' end from generate_series(0, 40) i`);
  await q(
    `insert into queues (tenant_id, name, color) select ${id}, 'Fila ' || i, '#123456' from generate_series(1, 4) i`,
  );
  await q(`insert into user_queues (tenant_id, user_id, queue_id)
    select ${id}, u.id, q.id from users u join queues q on q.tenant_id = u.tenant_id
    where u.tenant_id = ${id} and u.profile = 'user' and (u.id + q.id) % 2 = 0`);
  await q(
    `insert into channels (tenant_id, name, type) select ${id}, 'Canal ' || i, 'whatsapp' from generate_series(1, 3) i`,
  );
  await q(`insert into contacts (tenant_id, name, number)
    select ${id}, 'Cliente ' || md5(i::text), '55' || (11900000000 + i)::text from generate_series(1, 60000) i`);
  await q(
    `insert into tags (tenant_id, name, color) select ${id}, 'Tag ' || i, '#654321' from generate_series(1, 5) i`,
  );
  await q(`insert into contact_tags (tenant_id, contact_id, tag_id)
    select ${id}, c.id, (select min(id) from tags where tenant_id = ${id}) + c.id % 5 from contacts c where c.tenant_id = ${id} and c.id % 10 = 0`);
  // Ids as arrays, indexed per row (a correlated lookup per row would take hours).
  await q(`with ids as (select
        (select array_agg(id order by id) from contacts where tenant_id = ${id}) as cs,
        (select array_agg(id order by id) from queues where tenant_id = ${id}) as qs,
        (select array_agg(id order by id) from users where tenant_id = ${id} and profile = 'user') as us,
        (select array_agg(id order by id) from channels where tenant_id = ${id}) as chs)
    insert into tickets (tenant_id, status, protocol, contact_id, channel_id, queue_id, user_id, chat_flow_id, is_group,
      unread_messages, last_message, last_message_at, last_inbound_at, created_at)
    select ${id},
      case when i <= ${N / 20} then 'pending' when i <= ${N / 10} then 'open' else 'closed' end,
      to_char(now(), 'YYYYMMDD') || lpad(i::text, 6, '0'),
      cs[1 + i % 60000], chs[1 + i % 3], qs[i % 5],
      case when i <= ${N / 20} then null else us[1 + i % 40] end,
      case when i <= ${N / 20} and i % 10 = 0 then 1 end,
      i % 50 = 0, i % 4, 'mensagem ' || i,
      now() - (random() * interval '90 days'), now() - (random() * interval '90 days'), now() - interval '100 days'
    from ids, generate_series(1, ${N}) i`);
  const [admin] = await q<{ email: string }>(`select email from users where tenant_id = ${id} and profile = 'admin'`);
  const [agent] = await q<{ email: string }>(
    `select email from users where tenant_id = ${id} and profile = 'user' order by id limit 1`,
  );
  return { tenantId: id, admin: admin!.email, agent: agent!.email };
}

let [target] = await q<{ tenantId: number; admin: string; agent: string }>(
  `select t.id as "tenantId", (select email from users where tenant_id = t.id and profile = 'admin') as admin,
     (select email from users where tenant_id = t.id and profile = 'user' order by id limit 1) as agent
   from tenants t where t.name = 'Bench tickets 2'`,
);
if (!target) {
  const t0 = Date.now();
  for (let n = 0; n < 3; n++) target = await seedCompany(n);
  await q('analyze');
  console.log(`seeded 3 x ${N} tickets in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const tokenOf = async (email: string) => {
  const res = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-pass-1' }),
  });
  return (await res.json()) as { token: string; userId: number };
};
const admin = await tokenOf(target!.admin);
const agent = await tokenOf(target!.agent);

async function measure(name: string, token: string, url: string, concurrency = 10) {
  const lat: number[] = [];
  let next = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < REQUESTS) {
        const t = performance.now();
        const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (!res.ok) errors++;
        lat.push(performance.now() - t);
      }
    }),
  );
  lat.sort((x, y) => x - y);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(44)} c=${concurrency}  p50 ${pct(50).padStart(6)} ms  p99 ${pct(99).padStart(6)} ms  errors ${errors}`,
  );
}

const cases: [string, 'admin' | 'agent', string][] = [
  ['agent: open+pending (default)', 'agent', '/tickets'],
  ['agent: closed', 'agent', '/tickets?status=closed'],
  ['agent: closed page 50', 'agent', '/tickets?status=closed&pageNumber=50'],
  ['agent: search rare name', 'agent', '/tickets?searchParam=abc1&status=open,pending,closed'],
  ['agent: search common name', 'agent', '/tickets?searchParam=cliente%20a&status=open,pending,closed'],
  ['agent: search phone', 'agent', '/tickets?searchParam=11900012345&status=open,pending,closed'],
  [
    'agent: search protocol prefix',
    'agent',
    '/tickets?searchParam=' +
      new Date().toISOString().slice(0, 10).replaceAll('-', '') +
      '0012&status=open,pending,closed',
  ],
  ['admin showAll: open+pending', 'admin', '/tickets?showAll=true'],
  ['admin showAll: closed', 'admin', '/tickets?showAll=true&status=closed'],
  [
    'admin showAll: closed + tag',
    'admin',
    '/tickets?showAll=true&status=closed&tagsIds=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15',
  ],
  ['admin: counttickets', 'admin', '/user/counttickets'],
];
for (const [name, who, url] of cases) {
  const tok = who === 'admin' ? admin.token : agent.token;
  await measure(name, tok, url, 1);
  await measure(name, tok, url, 10);
}

if (process.env.BENCH_EXPLAIN !== '0') {
  for (const [name, who, url] of cases.filter(([, , u]) => u.startsWith('/tickets'))) {
    const query = Object.fromEntries(new URL(`http://x${url}`).searchParams);
    const f = ZAttendanceFilter.parse(query);
    const me = (
      await q<{ id: number; profile: 'admin' | 'user' }>(
        `select id, profile from users where email = '${who === 'admin' ? target!.admin : target!.agent}'`,
      )
    )[0]!;
    await withTenant(app.platform.db, target!.tenantId, async (scope) => {
      const viewer = await loadViewer(scope, {
        userId: me.id,
        tenantId: target!.tenantId,
        profile: me.profile,
        isAdmin: me.profile === 'admin',
        isOperator: false,
        sessionId: '',
        name: '',
        email: '',
      });
      const search = await resolveSearch(scope, f.searchParam);
      await scope.query(async (d, owns) => {
        const built = buildTicketList(scope, d, owns, viewer, f, 40, search)!;
        for (const [part, qb] of [
          ['page', built.page],
          ['count', built.total],
        ] as const) {
          const plan = (await d.execute(sql`explain (analyze, buffers) ${qb.getSQL()}`)) as unknown as {
            rows: { 'QUERY PLAN': string }[];
          };
          console.log(`\n--- ${name} (${part}) ---\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
        }
      });
    });
  }
}
await app.close();
