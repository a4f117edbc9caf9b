/**
 * The service desk on the issue's volumes: one company with 200,000 tickets, 2,000,000 messages
 * and 100,000 contacts, plus two small companies, then at concurrency 10 and 50:
 *   - the ticket list with default filters (an agent's open + pending, and an admin's),
 *   - a message page of a ticket, a contact search, and
 *   - inbound ingest through the shared path (messages per second).
 *   npx tsx bench/desk.ts                                embedded PGlite (seed kept in bench/.data)
 *   DATABASE_URL=postgres://.../prosa_bench_desk npx tsx bench/desk.ts    PostgreSQL
 * BENCH_SCALE (default 1) scales the seed; BENCH_CONTACTS sets the contacts apart from it (1000000);
 * bench/contact-search.ts measures the contact search alone. BENCH_REQUESTS the requests per scenario;
 * BENCH_ONLY runs only the scenarios whose name contains it ("contact search"; ingest is "ingest").
 * The seed is made once per database. HTTP load comes from a worker thread (load-worker.mjs).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { benchIngest } from './ingest.js';
import { report, serverCpuMs, type Row } from './measure.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { unsafeSystemDb } from '../apps/server/src/platform/db/tenant-scope.js';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/platform/security/passwords.js';
import { bootstrapPlatform } from '../apps/server/src/seed/bootstrap.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const TICKETS = Math.round(200_000 * SCALE);
const MESSAGES_PER_TICKET = 10;
/** BENCH_CONTACTS=1000000 for the issue's large contact search (the tickets stay as scaled). */
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? Math.round(100_000 * SCALE));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const ONLY = process.env.BENCH_ONLY ?? '';
const pg = Boolean(process.env.DATABASE_URL);
const engine = pg ? 'PostgreSQL' : 'PGlite (embedded)';
const dataDir = pg
  ? mkdtempSync(path.join(tmpdir(), 'prosa-bench-'))
  : path.join(here, '.data', process.env.BENCH_CONTACTS ? `desk-${SCALE}-${CONTACTS}` : `desk-${SCALE}`);
mkdirSync(dataDir, { recursive: true });

const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { demo: false });
const app = await buildApp({ config, logger: false, jobs: false });
await bootstrapPlatform(app.platform);
const db = unsafeSystemDb(app.platform.db);
const q = async <T>(text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const PASSWORD = 'bench-pass-1';

async function seedCompany(name: string, tickets: number, contacts: number, perTicket: number) {
  const t0 = Date.now();
  const [t] = await q<{ id: number }>(
    `insert into tenants (name, due_date) values ('${name}', now() + interval '1 year') returning id`,
  );
  const id = t!.id;
  const hash = await hashPassword(PASSWORD);
  await q(`insert into users (tenant_id, name, email, password_hash, profile)
    select ${id}, case when i = 0 then 'Admin' else 'Agente ' || i end, 'desk${id}-' || i || '@bench.prosa', '${hash}',
      case when i = 0 then 'admin' else 'user' end from generate_series(0, 40) i`);
  await q(
    `insert into queues (tenant_id, name, color) select ${id}, 'Fila ' || i, '#123456' from generate_series(1, 4) i`,
  );
  await q(`insert into user_queues (tenant_id, user_id, queue_id)
    select ${id}, u.id, q.id from users u join queues q on q.tenant_id = u.tenant_id
    where u.tenant_id = ${id} and u.profile = 'user' and (u.id + q.id) % 2 = 0`);
  await q(`insert into channels (tenant_id, name, type, status)
    select ${id}, 'Canal ' || i, 'whatsapp', 'CONNECTED' from generate_series(1, 3) i`);
  // Names from a small vocabulary, so a search for two or three letters matches like real names do.
  await q(`insert into contacts (tenant_id, name, number, email)
    select ${id},
      (array['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela','Heitor','Isabela','João','Karina','Lucas','Mariana','Nicolas','Olívia','Pedro','Queila','Rafael','Sofia','Tiago'])[1 + i % 20]
        || ' ' || (array['Silva','Santos','Oliveira','Souza','Lima','Pereira','Costa','Almeida','Ferreira','Rodrigues','Gomes','Martins','Araújo','Melo','Barbosa'])[1 + (i / 20) % 15]
        || ' ' || i,
      '55' || (11900000000 + i)::text, 'cliente' || i || '@exemplo.com.br'
    from generate_series(1, ${contacts}) i`);
  await q(`with ids as (select
        (select array_agg(id order by id) from contacts where tenant_id = ${id}) as cs,
        (select array_agg(id order by id) from queues where tenant_id = ${id}) as qs,
        (select array_agg(id order by id) from users where tenant_id = ${id} and profile = 'user') as us,
        (select array_agg(id order by id) from channels where tenant_id = ${id}) as chs)
    insert into tickets (tenant_id, status, protocol, contact_id, channel_id, queue_id, user_id, is_group,
      unread_messages, last_message, last_message_at, last_inbound_at, created_at)
    select ${id},
      case when i <= ${Math.round(tickets / 20)} then 'pending' when i <= ${Math.round(tickets / 10)} then 'open' else 'closed' end,
      to_char(now(), 'YYYYMMDD') || lpad(i::text, 7, '0'),
      -- A contact has at most one open or pending ticket per channel (the database enforces it).
      cs[1 + i % ${contacts}], chs[1 + (i / ${contacts}) % 3], qs[1 + i % 4],
      case when i <= ${Math.round(tickets / 20)} then null else us[1 + i % 40] end,
      i % 50 = 0, i % 4, 'mensagem ' || i,
      now() - (i * interval '13 seconds'), now() - (i * interval '13 seconds'), now() - interval '100 days'
    from ids, generate_series(1, ${tickets}) i`);
  if (perTicket > 0) {
    await q(`insert into messages (tenant_id, ticket_id, contact_id, channel_id, from_me, body, status, external_id, created_at)
      select t.tenant_id, t.id, t.contact_id, t.channel_id, m % 2 = 0,
        (array['Olá, bom dia','Gostaria de saber o preço','Meu pedido não chegou','Pode me enviar o boleto?','Obrigado pelo atendimento','Qual o horário de funcionamento?'])[1 + (t.id + m) % 6] || ' #' || m,
        case when m % 2 = 0 then 'read' else 'received' end,
        'seed-' || t.id || '-' || m,
        t.last_message_at - ((${perTicket} - m) * interval '1 minute')
      from tickets t, generate_series(1, ${perTicket}) m where t.tenant_id = ${id}`);
  }
  console.log(
    `seeded ${name}: ${tickets} tickets, ${tickets * perTicket} messages, ${contacts} contacts in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  return id;
}

let [big] = await q<{ id: number }>(`select id from tenants where name = 'Bench desk'`);
if (!big) {
  const id = await seedCompany('Bench desk', TICKETS, CONTACTS, MESSAGES_PER_TICKET);
  await seedCompany('Bench desk small 1', 2_000, 1_000, 5);
  await seedCompany('Bench desk small 2', 2_000, 1_000, 5);
  // As autovacuum would leave it: visibility map set (index-only scans), statistics read.
  await q('vacuum analyze');
  big = { id };
} else {
  // An earlier run's ingest left dead ticket versions behind; autovacuum would have cleaned them
  // (it is off on some machines, such as the development one), so clean them as it would.
  await q('vacuum analyze tickets, contacts, messages, ticket_logs');
}
const [agent] = await q<{ email: string }>(
  `select email from users where tenant_id = ${big.id} and profile = 'user' order by id limit 1`,
);
const [admin] = await q<{ email: string }>(`select email from users where tenant_id = ${big.id} and profile = 'admin'`);
// Tickets the agent may open (in one of its queues), with their ten messages.
const ticketIds = (
  await q<{ id: number }>(`select t.id from tickets t join user_queues uq on uq.queue_id = t.queue_id and uq.user_id =
      (select id from users where email = '${agent!.email}') where t.tenant_id = ${big.id} and t.status = 'open' limit 200`)
).map((r) => r.id);

await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = async (email: string) => {
  const res = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
};
const agentToken = await login(agent!.email);
const adminToken = await login(admin!.email);

const databaseCpuMs = () => (pg ? serverCpuMs(q) : Promise.resolve(0));

/** CPU time (ms, user and kernel) of each thread of this process, by thread id (/proc/self/task). */
function threadCpuMs(): Map<number, { user: number; sys: number }> {
  const out = new Map<number, { user: number; sys: number }>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        out.set(Number(tid), { user: Number(f[11]) * 10, sys: Number(f[12]) * 10 });
      } catch {
        // The thread ended meanwhile.
      }
    }
  } catch {
    // Not Linux: no per-thread figures.
  }
  return out;
}

async function load(name: string, token: string, urls: string[], concurrency: number): Promise<Row | undefined> {
  if (name !== 'warm-up' && !name.includes(ONLY)) return undefined;
  const cpu0 = process.cpuUsage();
  const db0 = await databaseCpuMs();
  const threads0 = threadCpuMs();
  let threads1 = threads0;
  const row = await run(name, token, urls, concurrency, () => (threads1 = threadCpuMs()));
  const cpu = process.cpuUsage(cpu0);
  const dbMs = (await databaseCpuMs()) - db0;
  // The process's CPU includes the load worker's (a thread of this process): told apart by thread.
  // The server's event loop is this process's main thread (its id is the pid); the load worker's
  // threads are those that appeared during the run; the rest are V8's and libuv's helpers (GC).
  const spent = (tid: number) => {
    const a = threads0.get(tid) ?? { user: 0, sys: 0 };
    const b = threads1.get(tid) ?? a;
    return { user: b.user - a.user, sys: b.sys - a.sys };
  };
  const sum = (tids: number[]) =>
    tids.map(spent).reduce((x, y) => ({ user: x.user + y.user, sys: x.sys + y.sys }), { user: 0, sys: 0 });
  const main = spent(process.pid);
  const loader = sum([...threads1.keys()].filter((tid) => !threads0.has(tid)));
  const helpers = sum([...threads1.keys()].filter((tid) => threads0.has(tid) && tid !== process.pid));
  const per = (ms: number) => ((ms / row.n) * 1000).toFixed(0);
  const split = (t: { user: number; sys: number }) => `${per(t.user + t.sys)} (kernel ${per(t.sys)})`;
  row.name += ` [CPU/req µs: Node ${per((cpu.user + cpu.system) / 1000)} = server loop ${split(main)} + load generator ${split(loader)} + helpers ${split(helpers)}${pg ? `; PostgreSQL ${per(dbMs)}` : ''}; load ${loadavg()[0]!.toFixed(1)}]`;
  return row;
}

function run(name: string, token: string, urls: string[], concurrency: number, done = () => {}): Promise<Row> {
  return new Promise((resolve, reject) => {
    const w = new Worker(path.join(here, 'load-worker.mjs'), {
      workerData: { base, token, urls, concurrency, n: REQUESTS },
    });
    w.once('error', reject);
    w.once('message', (m: { lat: number[]; errors: number; secs: number }) => {
      done(); // while the worker's threads are still there to be read
      const lat = m.lat.sort((a, b) => a - b);
      const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? 0;
      resolve({
        name,
        concurrency,
        n: lat.length,
        rps: lat.length / m.secs,
        p50: pct(50),
        p99: pct(99),
        errors: m.errors,
        rssMb: process.memoryUsage().rss / 1024 / 1024,
      });
      void w.terminate();
    });
  });
}

const searches = ['an', 'sil', 'mar', 'ped', 'cos', 'ana s', 'gabriela', '5511900001', 'lucas m', 'xyz'];
// Warm-up, not measured: connections of the pool, prepared statements, JIT.
await load('warm-up', agentToken, ['/tickets', ...ticketIds.slice(0, 20).map((id) => `/messages/${id}`)], 10);
await load('warm-up', adminToken, ['/tickets', '/contacts?searchParam=ana'], 10);

const rows: (Row | undefined)[] = [];
for (const c of [10, 50]) {
  rows.push(await load('ticket list, agent, default filters', agentToken, ['/tickets'], c));
  rows.push(await load('ticket list, admin, default filters', adminToken, ['/tickets'], c));
  rows.push(
    await load(
      'message page (newest) of a ticket',
      agentToken,
      ticketIds.map((id) => `/messages/${id}`),
      c,
    ),
  );
  rows.push(
    await load(
      'contact search (2+ letters)',
      adminToken,
      searches.map((s) => `/contacts?searchParam=${encodeURIComponent(s)}`),
      c,
    ),
  );
}
if (!ONLY || ONLY === 'ingest')
  rows.push(
    ...(await benchIngest(app.platform, {
      messages: Number(process.env.BENCH_INGEST_MESSAGES ?? 5000),
      contacts: 500,
    })),
  );
const [counted] = await q<{ n: number }>(`select count(*)::int as n from messages where tenant_id = ${big.id}`);
report(
  `${engine}: ${TICKETS} tickets, ${counted?.n ?? 0} messages, ${CONTACTS} contacts in the measured company (load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
  rows.filter((r) => r !== undefined),
);
await app.close();
