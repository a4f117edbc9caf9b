/**
 * The list reports (avaliacoes, protocolos, anotacoes, agendamentosold, ligacoes) on a realistic
 * volume: one company with 200,000 tickets over a year (a fifth of the closed ones rated), 50,000
 * notes, 20,000 schedules (a fifth without a ticket) and 20,000 call logs; the first page (50
 * rows, with the count and totals) of each for a 30-day and a 365-day period at concurrency 5, as
 * the admin (everything) and as a queue supervisor (two of four queues). p50 / p95 / p99 in ms.
 *   DATABASE_URL=postgres://127.0.0.1/prosa_bench_lists npx tsx bench/reports-lists.ts
 * BENCH_SCALE scales the seed (made once per database); BENCH_REQUESTS the requests per scenario;
 */
import { benchLogin, seedBenchCompany, startBenchApp } from './bench-company.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const TICKETS = Math.round(200_000 * SCALE);
const NOTES = Math.round(50_000 * SCALE);
const SCHEDULES = Math.round(20_000 * SCALE);
const CALLS = Math.round(20_000 * SCALE);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const NAME = 'Bench list reports';
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL: this benchmark is for PostgreSQL');

const { app, q } = await startBenchApp();

async function seed(): Promise<number> {
  const t0 = Date.now();
  const [t] = await q<{ id: number }>(`insert into tenants (name, due_date) values ('${NAME}', now() + interval '1 year') returning id`);
  const id = t!.id;
  const contacts = Math.round(TICKETS / 2);
  await seedBenchCompany(q, id, 'lists', contacts);
  // Tickets over the last year with protocols as nextProtocol gives them; 5% pending, 5% open,
  // the rest closed within 8 hours, a fifth of the closed ones rated 1 to 5.
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
    select ${id}, status, to_char(at, 'YYYYMMDD') || lpad(i::text, 6, '0'), cs[1 + i % ${contacts}],
      chs[1 + (i / ${contacts}) % 3], qs[1 + i % 4],
      case when status = 'pending' then null else us[1 + i % 40] end, 'mensagem ' || i, at, at,
      case when status = 'pending' or i % 9 = 0 then null else at + (i % 45) * interval '1 minute' end,
      case when status = 'closed' then at + (i % 480) * interval '1 minute' end,
      case when status = 'closed' and i % 5 = 0 then 1 + i % 5 end,
      case when status = 'closed' and i % 5 = 0 then at + interval '9 hours' end
    from ids, rows`);
  await q(`with t as (select array_agg(id order by id) as ts from tickets where tenant_id = ${id}),
      us as (select array_agg(id order by id) as us from users where tenant_id = ${id} and profile = 'user')
    insert into ticket_notes (tenant_id, ticket_id, user_id, body, created_at)
    select ${id}, tk.id, us[1 + i % 40], 'Anotação ' || i, tk.created_at + interval '30 minutes'
    from t, us, generate_series(1, ${NOTES}) i join lateral (select id, created_at from tickets where id = ts[1 + (i * 7) % array_length(ts, 1)]) tk on true`);
  await q(`with t as (select array_agg(id order by id) as ts from tickets where tenant_id = ${id}),
      us as (select array_agg(id order by id) as us from users where tenant_id = ${id} and profile = 'user')
    insert into schedules (tenant_id, ticket_id, contact_id, user_id, body, send_at, status, sent_count, created_at)
    select ${id}, case when i % 5 = 0 then null else tk.id end, tk.contact_id, us[1 + i % 40], 'Agendamento ' || i,
      tk.created_at + interval '1 day', case when i % 10 = 0 then 'error' when tk.created_at < now() - interval '2 days' then 'sent' else 'pending' end,
      case when i % 10 <> 0 and tk.created_at < now() - interval '2 days' then 1 else 0 end, tk.created_at
    from t, us, generate_series(1, ${SCHEDULES}) i join lateral (select id, contact_id, created_at from tickets where id = ts[1 + (i * 10) % array_length(ts, 1)]) tk on true`);
  await q(`with t as (select array_agg(id order by id) as ts from tickets where tenant_id = ${id})
    insert into call_logs (tenant_id, ticket_id, contact_id, user_id, channel_id, direction, status, started_at, duration_seconds, recording_id)
    select ${id}, case when i % 4 = 0 then null else tk.id end, tk.contact_id, tk.user_id, tk.channel_id,
      case when i % 3 = 0 then 'out' else 'in' end, case when i % 7 = 0 then 'missed' else 'answered' end,
      tk.created_at + interval '5 minutes', case when i % 7 = 0 then null else 30 + i % 600 end,
      case when i % 2 = 0 then 'rec-' || i end
    from t, generate_series(1, ${CALLS}) i join lateral (select id, contact_id, user_id, channel_id, created_at from tickets where id = ts[1 + (i * 10) % array_length(ts, 1)]) tk on true`);
  await q('vacuum analyze');
  console.log(`seeded: ${TICKETS} tickets, ${NOTES} notes, ${SCHEDULES} schedules, ${CALLS} calls in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return id;
}

interface Row {
  name: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** `n` requests with `concurrency` in flight; latencies in ms. */
async function measure(name: string, concurrency: number, n: number, call: () => Promise<Response>): Promise<Row> {
  const lat: number[] = [];
  let errors = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const t = performance.now();
        const res = await call();
        await res.arrayBuffer();
        if (!res.ok) errors++;
        lat.push(performance.now() - t);
      }
    }),
  );
  lat.sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? 0;
  return { name, n: lat.length, p50: pct(50), p95: pct(95), p99: pct(99), errors };
}

const [found] = await q<{ id: number }>(`select id from tenants where name = '${NAME}'`);
const tenantId = found?.id ?? (await seed());
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = (profile: string) => benchLogin(base, q, tenantId, profile);
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const tokens = { admin: await login('admin'), 'queue supervisor': await login('supervisorfila') };
const SLUGS = (process.env.BENCH_ONLY ?? 'avaliacoes,protocolos,anotacoes,agendamentosold,ligacoes').split(',');
const rows: Row[] = [];
for (const slug of SLUGS) {
  for (const [who, token] of Object.entries(tokens)) {
    for (const days of [30, 365]) {
      const url = `${base}/reports/${slug}?from=${day(days - 1)}&to=${day(0)}&pageSize=50`;
      const get = () => fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const first = await get();
      const body = (await first.json()) as { count: number };
      await measure('warm-up', 5, 10, get);
      rows.push(await measure(`${slug}, ${who}, ${days} days (${body.count} rows)`, 5, REQUESTS, get));
    }
  }
}
console.log(`\nPostgreSQL: ${TICKETS} tickets, ${NOTES} notes, ${SCHEDULES} schedules, ${CALLS} calls; first page, concurrency 5`);
console.log('| report, viewer, period (rows) | requests | p50 ms | p95 ms | p99 ms | errors |');
console.log('|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.name} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`);
await app.close();
