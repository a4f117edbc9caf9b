/**
 * The contact search alone, on a company with many contacts (Brazilian names: first name, one or
 * two family names, accents), beside a small company: each search shape at concurrency 10 for a
 * fixed time, then all of them mixed, with req/s and p50/p99, and EXPLAIN ANALYZE of the query of
 * each rank (the same shapes as modules/contacts/contacts.list.ts).
 *   npx tsx bench/contact-search.ts                                            embedded PGlite
 *   DATABASE_URL=postgres://.../prosa_bench_search npx tsx bench/contact-search.ts   PostgreSQL
 * BENCH_CONTACTS (default 100000; 1000000 for the issue's large size), BENCH_SECONDS per shape
 * (default 5), BENCH_CONCURRENCY (default 10). The seed is made once per database (PGlite: per size
 * in bench/.data).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { report, type Row } from './measure.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { SEARCH_FOLD } from '../apps/server/src/platform/db/search-fold.js';
import { unsafeSystemDb } from '../apps/server/src/platform/db/tenant-scope.js';
import { hashPassword } from '../apps/server/src/platform/security/passwords.js';
import { bootstrapPlatform } from '../apps/server/src/seed/bootstrap.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const pg = Boolean(process.env.DATABASE_URL);
const engine = pg ? 'PostgreSQL' : 'PGlite (embedded)';
const dataDir = pg
  ? mkdtempSync(path.join(tmpdir(), 'prosa-bench-'))
  : path.join(here, '.data', `contacts-${CONTACTS}`);
mkdirSync(dataDir, { recursive: true });

const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { demo: false });
const app = await buildApp({ config, logger: false, jobs: false });
await bootstrapPlatform(app.platform);
const db = unsafeSystemDb(app.platform.db);
const q = async <T>(text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const PASSWORD = 'bench-pass-1';

const FIRST = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Antônio',
  'Francisca',
  'Carlos',
  'Paulo',
  'Adriana',
  'Lucas',
  'Luíza',
  'Márcio',
  'Juliana',
  'Gabriel',
  'Fernanda',
  'Rafael',
  'Patrícia',
  'Pedro',
  'Aline',
  'Marcos',
  'Sebastião',
  'Mariana',
  'Luís',
  'Camila',
  'Cláudio',
  'Bruna',
  'Thiago',
  'Letícia',
  'Fábio',
  'Conceição',
  'Vinícius',
  'Débora',
  'Raimundo',
  'Júlia',
  'Gustavo',
  'Bárbara',
  'André',
  'Tânia',
  'Rogério',
  'Vitória',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Magalhães',
  'Conceição',
  'Brandão',
  'Simões',
];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

async function seedCompany(name: string, contacts: number) {
  const t0 = Date.now();
  const [t] = await q<{ id: number }>(
    `insert into tenants (name, due_date) values ('${name}', now() + interval '1 year') returning id`,
  );
  const id = t!.id;
  const hash = await hashPassword(PASSWORD);
  await q(`insert into users (tenant_id, name, email, password_hash, profile)
    values (${id}, 'Admin', 'search${id}@bench.prosa', '${hash}', 'admin')`);
  // First name from i, family names from i / 40 and i / 1600 (so they do not move together); one
  // contact in three has two family names.
  for (let from = 1; from <= contacts; from += 200_000) {
    const to = Math.min(contacts, from + 199_999);
    await q(`insert into contacts (tenant_id, name, number, email)
      select ${id},
        (${arr(FIRST)})[1 + (i::bigint * 7919) % ${FIRST.length}] || ' ' ||
        case when i % 3 = 0 then (${arr(LAST)})[1 + ((i / ${FIRST.length})::bigint * 104729) % ${LAST.length}] || ' ' else '' end ||
        (${arr(LAST)})[1 + ((i / ${FIRST.length * LAST.length})::bigint * 1299709 + i / 7) % ${LAST.length}],
        '55' || (11900000000 + i)::text, 'cliente' || i || '@exemplo.com.br'
      from generate_series(${from}, ${to}) i`);
  }
  console.log(`seeded ${name}: ${contacts} contacts in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return id;
}

let [big] = await q<{ id: number }>(`select id from tenants where name = 'Bench search'`);
if (!big) {
  big = { id: await seedCompany('Bench search', CONTACTS) };
  await seedCompany('Bench search small', 1_000);
  await q('vacuum analyze contacts');
}
const [admin] = await q<{ email: string }>(`select email from users where tenant_id = ${big.id}`);

await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const res = await fetch(`${base}/auth/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: admin!.email, password: PASSWORD }),
});
const token = ((await res.json()) as { token: string }).token;

function load(name: string, urls: string[], seconds: number): Promise<Row> {
  return new Promise((resolve, reject) => {
    const w = new Worker(path.join(here, 'load-worker.mjs'), {
      workerData: { base, token, urls, concurrency: CONCURRENCY, n: 0, seconds },
    });
    w.once('error', reject);
    w.once('message', (m: { lat: number[]; errors: number; secs: number }) => {
      const lat = m.lat.sort((a, b) => a - b);
      const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? 0;
      resolve({
        name: `${name} (load ${loadavg()[0]!.toFixed(1)})`,
        concurrency: CONCURRENCY,
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

/** Search shapes: a common first name, two letters, a family name, a rare full name, a syllable
 * inside names, a typo (fuzzy), a phone, nothing. */
const SHAPES = [
  'ana',
  'an',
  'silva',
  'sil',
  'gabriel magalhaes',
  'conceicao',
  'ria',
  'joao slva',
  'francsca',
  '5511900012',
  'xyz',
];
const url = (s: string) => `/contacts?searchParam=${encodeURIComponent(s)}`;
await load('warm-up', SHAPES.map(url), 2);
const rows: Row[] = [];
for (const s of SHAPES) rows.push(await load(`"${s}"`, [url(s)], SECONDS));
rows.push(await load('all shapes mixed', SHAPES.map(url), SECONDS * 2));
report(`${engine}: contact search, ${CONTACTS} contacts in the measured company (load average per row)`, rows);

// The plans: each rank's query as contacts.list.ts builds it, first page of 40.
const fold = (s: string) => `translate(lower('${s.replace(/'/g, "''")}'), '${SEARCH_FOLD[0]}', '${SEARCH_FOLD[1]}')`;
const plans: [string, string][] = [
  ['rank 0, name prefix "ana"', `search_name collate "C" like ${fold('ana%')}`],
  [
    'rank 1, word "silva"',
    `search_name like ${fold('% silva%')} and not (search_name collate "C" like ${fold('silva%')})`,
  ],
  [
    'rank 2, contains "ria"',
    `search_name like ${fold('%ria%')} and not (search_name collate "C" like ${fold('ria%')}) and not (search_name like ${fold('% ria%')})`,
  ],
  [
    'rank 1, two letters "an"',
    `to_tsvector('simple', search_name) @@ to_tsquery('simple', 'an:*') and not (search_name collate "C" like 'an%')`,
  ],
  [
    'rank 3, similar "joao slva"',
    `search_name % ${fold('joao slva')} and similarity(search_name, ${fold('joao slva')}) >= 0.35 and not (search_name like ${fold('%joao slva%')})`,
  ],
];
for (const [name, where] of plans) {
  const plan = await q<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) select * from contacts where tenant_id = ${big.id} and ${where} order by search_name collate "C", id limit 40`,
  );
  console.log(`\n${name}\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
}
await app.close();
