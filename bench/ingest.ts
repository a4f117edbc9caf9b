/**
 * Ingest benchmark: messages per second through the shared inbound path (ingestInbound: dedupe,
 * contact, ticket, counters, events) at concurrency 10 and 50, N messages from M contacts, each
 * run on fresh contacts so it includes their contact and ticket creation.
 *   npx tsx bench/ingest.ts                               embedded PGlite
 *   DATABASE_URL=postgres://... npx tsx bench/ingest.ts   PostgreSQL
 * BENCH_INGEST_MESSAGES / BENCH_INGEST_CONTACTS scale it. `benchIngest` is used by run.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Row } from './measure.js';
import { report } from './measure.js';
import type { Platform } from '../apps/server/src/platform/platform.js';
import { channels, queues, tenants, userQueues, users } from '../apps/server/src/platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../apps/server/src/platform/db/tenant-scope.js';
import { ingestInbound } from '../apps/server/src/modules/messages/commands/ingest-inbound.js';

export interface IngestBenchOptions {
  messages: number;
  contacts: number;
  concurrencies?: number[];
}

/** A company with a queue of 5 agents and a channel into that queue (realistic event fan-out). */
async function seedCompany(platform: Platform) {
  const db = unsafeSystemDb(platform.db);
  const run = randomUUID().slice(0, 8);
  const [tenant] = await db
    .insert(tenants)
    .values({ name: `Ingest ${run}` })
    .returning();
  const [queue] = await db
    .insert(queues)
    .values({ tenantId: tenant!.id, name: 'Atendimento', color: '#336699' })
    .returning();
  const agents = await db
    .insert(users)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        tenantId: tenant!.id,
        name: i === 0 ? 'Admin' : `Agente ${i}`,
        email: `ingest-${run}-${i}@bench.prosa`,
        passwordHash: 'x',
        profile: i === 0 ? ('admin' as const) : ('user' as const),
      })),
    )
    .returning();
  await db
    .insert(userQueues)
    .values(agents.slice(1).map((u) => ({ tenantId: tenant!.id, userId: u.id, queueId: queue!.id })));
  const [channel] = await db
    .insert(channels)
    .values({
      tenantId: tenant!.id,
      name: `Canal ${run}`,
      type: 'telegram',
      status: 'CONNECTED',
      defaultQueueId: queue!.id,
    })
    .returning();
  return { tenantId: tenant!.id, channel: channel! };
}

export async function benchIngest(platform: Platform, opts: IngestBenchOptions): Promise<Row[]> {
  const { tenantId, channel } = await seedCompany(platform);
  const rows: Row[] = [];
  for (const concurrency of opts.concurrencies ?? [10, 50]) {
    const prefix = `55${String(10 + rows.length)}9${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
    const lat: number[] = [];
    let errors = 0;
    let next = 0;
    let duplicates = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < opts.messages) {
          const i = next++;
          const t = performance.now();
          try {
            const r = await withTenant(platform.db, tenantId, (scope) =>
              ingestInbound(scope, channel, {
                kind: 'message',
                externalId: `bench-${concurrency}-${i}-${randomUUID()}`,
                from: {
                  number: `${prefix}${String(i % opts.contacts).padStart(4, '0')}`,
                  name: `Cliente ${i % opts.contacts}`,
                },
                body: `Mensagem ${i} do benchmark de entrada`,
              }),
            );
            if (r.duplicate) duplicates++;
          } catch (err) {
            errors++;
            if (errors <= 3) console.error(err);
          }
          lat.push(performance.now() - t);
        }
      }),
    );
    const secs = (performance.now() - started) / 1000;
    lat.sort((x, y) => x - y);
    const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? 0;
    rows.push({
      name: `ingestInbound (${opts.contacts} new contacts)`,
      concurrency,
      n: lat.length,
      rps: lat.length / secs,
      p50: pct(50),
      p99: pct(99),
      errors: errors + duplicates,
      rssMb: process.memoryUsage().rss / 1024 / 1024,
    });
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { loadConfig } = await import('../apps/server/src/platform/config.js');
  const { buildApp } = await import('../apps/server/src/app.js');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-ingest-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { demo: false });
  const app = await buildApp({ config, logger: false, jobs: false });
  const rows = await benchIngest(app.platform, {
    messages: Number(process.env.BENCH_INGEST_MESSAGES ?? 5000),
    contacts: Number(process.env.BENCH_INGEST_CONTACTS ?? 200),
  });
  report(app.platform.db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL', rows);
  // Coalesced ticket events drain after the last message: let them finish.
  await new Promise((r) => setTimeout(r, 5000));
  await app.close();
}
