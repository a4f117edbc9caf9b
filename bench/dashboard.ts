/**
 * GET /dashboard on the volumes: one company with 200,000 tickets over a year (closed,
 * open, pending; first responses, ratings) and 2,000,000 messages, 30-day and 365-day periods at
 * concurrency 5, as the admin (everything) and as a queue supervisor (two of four queues).
 *   DATABASE_URL=postgres://.../prosa_bench_dash npx tsx bench/dashboard.ts
 * BENCH_SCALE scales the seed (made once per database); BENCH_REQUESTS the requests per scenario.
 */
import { measure, report, type Row } from './measure.js';
import { benchLogin, seedBenchCompany, startBenchApp, ticketChanges } from './bench-company.js';
import { clearDayCache } from '../apps/server/src/modules/dashboard/finished-days.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const TICKETS = Math.round(200_000 * SCALE);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL: this benchmark is for PostgreSQL');

const { app, q } = await startBenchApp();

async function seed(): Promise<number> {
  const t0 = Date.now();
  const [t] = await q<{ id: number }>(
    `insert into tenants (name, due_date) values ('Bench dashboard', now() + interval '1 year') returning id`,
  );
  const id = t!.id;
  const contacts = Math.round(TICKETS / 2);
  await seedBenchCompany(q, id, 'dash', contacts);
  // Tickets spread over the last year; 5% pending, 5% open, the rest closed within 8 hours.
  await q(`with ids as (select
        (select array_agg(id order by id) from contacts where tenant_id = ${id}) as cs,
        (select array_agg(id order by id) from queues where tenant_id = ${id}) as qs,
        (select array_agg(id order by id) from users where tenant_id = ${id} and profile = 'user') as us,
        (select array_agg(id order by id) from channels where tenant_id = ${id}) as chs),
      rows as (select i, now() - (i * interval '365 days' / ${TICKETS}) as at,
        case i % 20 when 0 then 'pending' when 1 then 'open' else 'closed' end as status
        from generate_series(1, ${TICKETS}) i)
    insert into tickets (tenant_id, status, protocol, contact_id, channel_id, queue_id, user_id,
      last_message, last_message_at, created_at, first_response_at, closed_at, rating, rated_at)
    select ${id}, status, 'D' || i, cs[1 + i % ${contacts}], chs[1 + (i / ${contacts}) % 3], qs[1 + i % 4],
      case when status = 'pending' then null else us[1 + i % 40] end, 'mensagem ' || i, at, at,
      case when status = 'pending' or i % 9 = 0 then null else at + (i % 45) * interval '1 minute' end,
      case when status = 'closed' then at + (i % 480) * interval '1 minute' end,
      case when status = 'closed' and i % 5 = 0 then 1 + i % 4 end,
      case when status = 'closed' and i % 5 = 0 then at + interval '9 hours' end
    from ids, rows`);
  await q(`insert into messages (tenant_id, ticket_id, contact_id, channel_id, user_id, from_me, body, status, created_at)
    select t.tenant_id, t.id, t.contact_id, t.channel_id, case when m % 2 = 0 then t.user_id end, m % 2 = 0,
      'mensagem ' || m, case when m % 2 = 0 then 'read' else 'received' end, t.created_at + m * interval '1 minute'
    from tickets t, generate_series(1, 10) m where t.tenant_id = ${id}`);
  await q('vacuum analyze');
  console.log(`seeded: ${TICKETS} tickets, ${TICKETS * 10} messages in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return id;
}

const [found] = await q<{ id: number }>(`select id from tenants where name = 'Bench dashboard'`);
const tenantId = found?.id ?? (await seed());
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = (profile: string) => benchLogin(base, q, tenantId, profile);
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const tokens = { admin: await login('admin'), 'queue supervisor': await login('supervisorfila') };
const rows: Row[] = [];
const rated = await q<{ id: number }>(
  `select id from tickets where tenant_id = ${tenantId} and rating is not null order by id limit 30000`,
);
// The target is a p95: measure() reports p50 and p99, so each scenario's latencies are kept here too.
const p95s: string[] = [];
for (const [who, token] of Object.entries(tokens)) {
  for (const days of [30, 365]) {
    const url = `${base}/dashboard?from=${day(days - 1)}&to=${day(0)}`;
    let lat: number[] = [];
    const get = async () => {
      const t = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.arrayBuffer();
      lat.push(performance.now() - t);
      return new Response(body, { status: res.status });
    };
    // The first request of a scenario reads every day (the process's cache of past days is empty
    // for this viewer and period); the warm-up then fills what is left.
    clearDayCache();
    await get();
    const first = lat[0]!;
    await measure('warm-up', 5, 10, get);
    for (const changing of [false, true]) {
      lat = [];
      const name = `GET /dashboard, ${who}, ${days} days${changing ? ', 20 ticket changes a second' : ''}`;
      // Changes to tickets of past days while the dashboard is read: each makes the cache read
      // that ticket's days again.
      const changes = changing ? ticketChanges(q, rated) : undefined;
      rows.push(await measure(name, 5, REQUESTS, get));
      await changes?.stop();
      lat.sort((a, b) => a - b);
      const p95 = lat[Math.min(lat.length - 1, Math.floor(0.95 * lat.length))]!;
      p95s.push(`| ${name} | ${p95.toFixed(1)} | ${changing ? '' : first.toFixed(1)} |`);
    }
  }
}
report(`PostgreSQL: ${TICKETS} tickets, ${TICKETS * 10} messages`, rows);
console.log(`\n| scenario | p95 ms | first request ms |\n|---|---|---|\n${p95s.join('\n')}`);
await app.close();
