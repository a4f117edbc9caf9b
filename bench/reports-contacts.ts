/**
 * The contact reports (lista-contatos, contatos-por-etiquetas, contatos-por-carteira,
 * contatos-por-crm, contatos-por-estado) on the desk's volume: one company with 100,000 contacts
 * created over a year, numbers in 10 area codes (states), 8 tags (each contact one or two), a
 * wallet of one of 40 agents for half of them, one of 6 CRM lanes for a third; the first page
 * (50 rows, with the count and totals) of each for a 30-day and a 365-day period at concurrency 5,
 * as the admin and as a queue supervisor, each grouped report with half of its groups chosen.
 * p50 / p95 / p99 in ms.
 *   psql -h 127.0.0.1 -U postgres -c 'create database prosa_bench_contacts'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/prosa_bench_contacts npx tsx bench/reports-contacts.ts
 * BENCH_SCALE scales the seed (made once per database); BENCH_REQUESTS the requests per scenario.
 */
import { benchLogin, seedBenchCompany, startBenchApp } from './bench-company.js';
import { measure } from './measure.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CONTACTS = Math.round(100_000 * SCALE);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const NAME = 'Bench contact reports';
/** Area codes of ten states (SP, RJ, MG, RS, PR, BA, PE, CE, DF, AM). */
const DDDS = [11, 21, 31, 51, 41, 71, 81, 85, 61, 92];
const STATES = ['SP', 'RJ', 'MG', 'RS', 'PR', 'BA', 'PE', 'CE', 'DF', 'AM'];
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL: this benchmark is for PostgreSQL');

const { app, q } = await startBenchApp();

async function seed(): Promise<number> {
  const t0 = Date.now();
  const [t] = await q<{ id: number }>(
    `insert into tenants (name, due_date, timezone) values ('${NAME}', now() + interval '1 year', 'America/Sao_Paulo') returning id`,
  );
  const id = t!.id;
  await seedBenchCompany(q, id, 'contacts', CONTACTS);
  // Numbers across ten states (a DDD after 55, then 9 digits).
  await q(`update contacts set number = '55' || (array[${DDDS.join(',')}])[1 + id % ${DDDS.length}]::text
      || lpad((900000000 + id % 100000000)::text, 9, '0')
    where tenant_id = ${id}`);
  await q(`insert into tags (tenant_id, name, color)
    select ${id}, 'Etiqueta ' || i, '#336699' from generate_series(1, 8) i`);
  await q(`with t as (select array_agg(id order by id) as ts from tags where tenant_id = ${id})
    insert into contact_tags (tenant_id, contact_id, tag_id)
    select ${id}, c.id, ts[1 + c.id % 8] from contacts c, t where c.tenant_id = ${id}
    union all
    select ${id}, c.id, ts[1 + (c.id / 8) % 8] from contacts c, t
    where c.tenant_id = ${id} and c.id % 3 = 0 and (c.id / 8) % 8 <> c.id % 8`);
  await q(`with us as (select array_agg(id order by id) as us from users where tenant_id = ${id} and profile = 'user')
    insert into contact_wallets (tenant_id, contact_id, user_id)
    select ${id}, c.id, us[1 + c.id % 40] from contacts c, us where c.tenant_id = ${id} and c.id % 2 = 0`);
  await q(`insert into crm_lanes (tenant_id, name, color, position)
    select ${id}, 'Etapa ' || i, '#336699', i from generate_series(1, 6) i`);
  await q(`with l as (select array_agg(id order by position) as ls from crm_lanes where tenant_id = ${id})
    update contacts c set crm_lane_id = ls[1 + c.id % 6] from l where c.tenant_id = ${id} and c.id % 3 = 1`);
  await q('vacuum analyze');
  console.log(`seeded: ${CONTACTS} contacts in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return id;
}

const [found] = await q<{ id: number }>(`select id from tenants where name = '${NAME}'`);
const tenantId = found?.id ?? (await seed());
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = (profile: string) => benchLogin(base, q, tenantId, profile);
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const tokens = { admin: await login('admin'), 'queue supervisor': await login('supervisorfila') };
const ids = async (table: string, where = 'true') =>
  (await q<{ id: number }>(`select id from ${table} where tenant_id = ${tenantId} and ${where} order by id`)).map(
    (r) => r.id,
  );
const half = <T>(list: T[]) => list.slice(0, Math.ceil(list.length / 2)).join(',');
const selections: [string, string][] = [
  ['lista-contatos', ''],
  ['contatos-por-etiquetas', `&tagIds=${half(await ids('tags'))}`],
  ['contatos-por-carteira', `&userIds=${half(await ids('users', "profile = 'user'"))}`],
  ['contatos-por-crm', `&laneIds=${half(await ids('crm_lanes'))}`],
  ['contatos-por-estado', `&states=${half(STATES)}`],
];

interface Figures {
  name: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const out: Figures[] = [];
for (const [slug, selection] of selections) {
  for (const [who, token] of Object.entries(tokens)) {
    for (const days of [30, 365]) {
      const url = `${base}/reports/${slug}?from=${day(days - 1)}&to=${day(0)}&pageSize=50${selection}`;
      const lat: number[] = [];
      // The latency of the whole answer, body included.
      const get = async () => {
        const t = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = await res.arrayBuffer();
        lat.push(performance.now() - t);
        return new Response(body, { status: res.status });
      };
      const first = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (first.status !== 200) throw new Error(`${slug}: ${first.status} ${await first.text()}`);
      const { count } = (await first.json()) as { count: number };
      await measure('warm-up', 5, 10, get);
      lat.length = 0;
      const row = await measure(`${slug}, ${who}, ${days} days (${count} rows)`, 5, REQUESTS, get);
      lat.sort((a, b) => a - b);
      out.push({ name: row.name, n: row.n, p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), errors: row.errors });
    }
  }
}
console.log(`\nPostgreSQL: ${CONTACTS} contacts; first page of 50, concurrency 5`);
console.log('| report, viewer, period (rows) | requests | p50 ms | p95 ms | p99 ms | errors |');
console.log('|---|---|---|---|---|---|');
for (const r of out)
  console.log(`| ${r.name} | ${r.n} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.errors} |`);
await app.close();
