/**
 * The service reports on the volumes: one company with 200,000 tickets over a year, their
 * ticket log (create, accept, access, transfers, closes by agents, the bot and the automatic close:
 * about 1.1 million rows) and 2,000,000 messages; the first page of
 * estatisticas-atendimentos-usuarios and relatorio-tickets for a 30-day and a 365-day period at
 * concurrency 5, as the admin and as a queue supervisor (two of four queues); p50, p95, p99; the
 * first request of each (the cache of past days empty) and, for a long period, a run while 20
 * tickets of past days change a second.
 *   psql -h 127.0.0.1 -U postgres -c 'create database prosa_bench_svc'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/prosa_bench_svc npx tsx bench/reports-service.ts
 * BENCH_SCALE scales the seed (made once per database); BENCH_REQUESTS the requests per scenario;
 * BENCH_CONCURRENCY (5) the requests in flight; BENCH_DAYS (30,365) the periods.
 * The plans: `alter database prosa_bench_svc set session_preload_libraries = 'auto_explain'` with
 * `auto_explain.log_min_duration` and `auto_explain.log_analyze` writes them to the server's log.
 */
import { clearDayCache, dayCacheSize } from '../apps/server/src/modules/dashboard/finished-days.js';
import { measure } from './measure.js';
import { benchLogin, seedBenchCompany, startBenchApp, ticketChanges } from './bench-company.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const TICKETS = Math.round(200_000 * SCALE);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 5);
/** BENCH_DAYS=30 measures the 30-day period only. */
const PERIODS = (process.env.BENCH_DAYS ?? '30,365').split(',').map(Number);
const NAME = 'Bench service reports';
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL: this benchmark is for PostgreSQL');

const { app, q } = await startBenchApp();

async function seed(): Promise<number> {
  const t0 = Date.now();
  const [t] = await q<{ id: number }>(
    `insert into tenants (name, due_date, timezone) values ('${NAME}', now() + interval '1 year', 'America/Sao_Paulo') returning id`,
  );
  const id = t!.id;
  const contacts = Math.round(TICKETS / 2);
  await seedBenchCompany(q, id, 'svc', contacts);
  // Tickets over the last year: 5% pending, 5% open, the rest closed within 8 hours; a tenth
  // transferred once (the first agent answered, the second closed), a tenth closed by the bot.
  await q(`with ids as (select
        (select array_agg(id order by id) from contacts where tenant_id = ${id}) as cs,
        (select array_agg(id order by id) from queues where tenant_id = ${id}) as qs,
        (select array_agg(id order by id) from users where tenant_id = ${id} and profile = 'user') as us,
        (select array_agg(id order by id) from channels where tenant_id = ${id}) as chs),
      rows as (select i, now() - (i * interval '365 days' / ${TICKETS}) as at,
        case i % 20 when 0 then 'pending' when 1 then 'open' else 'closed' end as status
        from generate_series(1, ${TICKETS}) i)
    insert into tickets (tenant_id, status, protocol, contact_id, channel_id, queue_id, user_id,
      last_message, last_message_at, created_at, first_response_at, first_response_user_id, closed_at, rating, rated_at)
    select ${id}, status, 'S' || i, cs[1 + i % ${contacts}], chs[1 + (i / ${contacts}) % 3], qs[1 + i % 4],
      case when status = 'pending' or i % 10 = 3 then null else us[1 + i % 40] end, 'mensagem ' || i, at, at,
      case when status = 'pending' or i % 10 = 3 then null else at + (i % 45) * interval '1 minute' end,
      case when status = 'pending' or i % 10 = 3 then null when i % 10 = 7 then us[1 + (i + 1) % 40] else us[1 + i % 40] end,
      case when status = 'closed' then at + (i % 480) * interval '1 minute' end,
      case when status = 'closed' and i % 5 = 0 then 1 + i % 4 end,
      case when status = 'closed' and i % 5 = 0 then at + interval '9 hours' end
    from ids, rows`);
  const logs = (type: string, user: string, at: string, where: string) =>
    q(`insert into ticket_logs (tenant_id, ticket_id, type, user_id, queue_id, created_at)
      select tenant_id, id, '${type}', ${user}, queue_id, ${at} from tickets
      where tenant_id = ${id} and ${where}`);
  await logs('create', 'null', 'created_at', 'true');
  await logs('access', 'user_id', "created_at + interval '30 seconds'", 'user_id is not null');
  await logs('access', 'user_id', "created_at + interval '50 minutes'", 'user_id is not null');
  // Transferred ones: accepted by the first responder, then passed to the ticket's agent now.
  await logs(
    'open',
    'first_response_user_id',
    "created_at + interval '1 minute'",
    'first_response_user_id is not null',
  );
  await logs(
    'transfered',
    'first_response_user_id',
    "created_at + interval '20 minutes'",
    'first_response_user_id <> user_id',
  );
  await logs('receivedTransfer', 'user_id', "created_at + interval '20 minutes'", 'first_response_user_id <> user_id');
  await logs('closed', 'user_id', 'closed_at', "status = 'closed' and user_id is not null and id % 7 <> 0");
  await logs('autoClose', 'user_id', 'closed_at', "status = 'closed' and user_id is not null and id % 7 = 0");
  await logs('closed', 'null', 'closed_at', "status = 'closed' and user_id is null");
  await q(`insert into messages (tenant_id, ticket_id, contact_id, channel_id, user_id, from_me, body, status, created_at)
    select t.tenant_id, t.id, t.contact_id, t.channel_id, case when m % 2 = 0 then t.user_id end, m % 2 = 0,
      'mensagem ' || m, case when m % 2 = 0 then 'read' else 'received' end, t.created_at + m * interval '1 minute'
    from tickets t, generate_series(1, 10) m where t.tenant_id = ${id}`);
  await q('vacuum analyze');
  const [n] = await q<{ n: number }>(`select count(*) as n from ticket_logs where tenant_id = ${id}`);
  console.log(
    `seeded: ${TICKETS} tickets, ${n!.n} log rows, ${TICKETS * 10} messages in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  return id;
}

const [found] = await q<{ id: number }>(`select id from tenants where name = '${NAME}'`);
const tenantId = found?.id ?? (await seed());
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = (profile: string) => benchLogin(base, q, tenantId, profile);
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const tokens = { admin: await login('admin'), 'queue supervisor': await login('supervisorfila') };

interface Figures {
  name: string;
  n: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const out: (Figures & { first: number | null; cacheMb: number })[] = [];
// Closed and rated tickets, for the runs under changes (each change is a ticket of a past day).
const rated = await q<{ id: number }>(
  `select id from tickets where tenant_id = ${tenantId} and rating is not null order by id limit 5000`,
);
for (const slug of ['estatisticas-atendimentos-usuarios', 'relatorio-tickets']) {
  for (const [who, token] of Object.entries(tokens)) {
    for (const days of PERIODS) {
      const url = `${base}/reports/${slug}?from=${day(days - 1)}&to=${day(0)}`;
      let lat: number[] = [];
      // The latency of the whole answer, body included (measure() counts the same; p95 is ours).
      const get = async () => {
        const t = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = await res.arrayBuffer();
        lat.push(performance.now() - t);
        return new Response(body, { status: res.status });
      };
      // The first request reads every day (the process's cache of past days is empty).
      clearDayCache();
      await get();
      const first = lat[0]!;
      await measure('warm-up', CONCURRENCY, 10, get);
      // A long period again while 20 tickets of past days change a second: each change makes
      // the cache read that ticket's days again.
      for (const changing of days > 62 ? [false, true] : [false]) {
        lat = [];
        const changes = changing ? ticketChanges(q, rated) : undefined;
        const name = `${slug}, ${who}, ${days} days${changing ? ', 20 ticket changes a second' : ''}`;
        const row = await measure(name, CONCURRENCY, REQUESTS, get);
        await changes?.stop();
        lat.sort((a, b) => a - b);
        out.push({
          name: row.name,
          n: row.n,
          rps: row.rps,
          p50: pct(lat, 50),
          p95: pct(lat, 95),
          p99: pct(lat, 99),
          errors: row.errors,
          first: changing ? null : first,
          // The cache holds this scenario's entry only (emptied before its first request).
          cacheMb: dayCacheSize().bytes / 2 ** 20,
        });
      }
    }
  }
}
const [logs] = await q<{ n: number }>(`select count(*) as n from ticket_logs where tenant_id = ${tenantId}`);
console.log(
  `\nPostgreSQL: ${TICKETS} tickets, ${logs!.n} log rows, ${TICKETS * 10} messages; concurrency ${CONCURRENCY}`,
);
console.log('| GET /reports/… first page | requests | req/s | p50 ms | p95 ms | p99 ms | errors | first request ms | cache MB |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of out)
  console.log(
    `| ${r.name} | ${r.n} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.errors} | ${r.first === null ? '' : r.first.toFixed(0)} | ${r.cacheMb.toFixed(1)} |`,
  );
await app.close();
