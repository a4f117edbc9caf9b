/**
 * Chatbot benchmark: 2,000 customers inside a flow at once. Each round, every customer's answer
 * is stored (one bulk insert, like a burst of inbound messages) and then every ticket's bot step
 * runs (runBotStep, what the chatbot.step job runs: ticket locked, unhandled messages read, the
 * engine, replies recorded in the outbox, bot state written) at concurrency 10 and 50. Measured:
 * steps per second and the p50 / p99 latency of one step. Job workers run (the outbox sends the
 * replies meanwhile, as in production). A last round goes through the real path instead: one
 * chatbot.step job per ticket on pg-boss, timed until every ticket has handled its answer (no
 * per-step latency there: the queue's wait is part of it).
 *   npx tsx bench/chatbot.ts                                               embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/prosa_bench_bot npx tsx bench/chatbot.ts
 * BENCH_BOT_CUSTOMERS (default 2000), BENCH_BOT_ROUNDS (default 3), BENCH_BOT_CONCURRENCY
 * (default "10,50"; 0: none) and BENCH_BOT_JOB_ROUNDS (default 1, through the jobs) scale it.
 * On PostgreSQL a profile comes first (statements per step, time waiting for the database): BENCH_BOT_PROFILE=0 skips it, BENCH_BOT_PROFILE_STEPS (default 300)
 * sizes it, BENCH_BOT_PROFILE_SQL=1 prints every statement. BENCH_BOT_STATS=1 prints the job round's
 * statements by database time from pg_stat_statements (the server preloading it, the extension
 * created in the bench's database).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pgDriver from 'pg';
import { ZFlowGraph } from '@prosa/contracts';
import { report, serverCpuMs, type Row } from './measure.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { unsafeSystemDb, withTenant } from '../apps/server/src/platform/db/tenant-scope.js';
import { buildApp } from '../apps/server/src/app.js';
import { bootstrapPlatform } from '../apps/server/src/seed/bootstrap.js';
import { runBotStep } from '../apps/server/src/modules/chatbot/commands/run-bot-step.js';
import { chatbotStepJob } from '../apps/server/src/modules/chatbot/jobs/chatbot-step.job.js';
import { jobsOf } from '../apps/server/src/platform/jobs/enqueue.js';

const CUSTOMERS = Number(process.env.BENCH_BOT_CUSTOMERS ?? 2000);
const ROUNDS = Number(process.env.BENCH_BOT_ROUNDS ?? 3);
const pg = Boolean(process.env.DATABASE_URL);
const engine = pg ? 'PostgreSQL' : 'PGlite (embedded)';
const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-bot-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { demo: false });
const app = await buildApp({ config, logger: false });
await bootstrapPlatform(app.platform);
const db = unsafeSystemDb(app.platform.db);
const q = async <T>(text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/** A menu that loops: "1" goes to the orders step, "2" back to the menu; both steps always speak. */
const flow = ZFlowGraph.parse({
  nodeList: [
    { id: 'start', type: 'start' },
    { id: 'configurations', type: 'configurations', configurations: { notResponseMessage: { time: 30, type: 1, destiny: '' } } },
    {
      id: 'menu',
      type: 'node',
      interactions: [
        { id: 'm1', type: 'MessageField', data: { message: '{{greeting}}, {{name}}!' } },
        { id: 'm2', type: 'MessageOptionsField', data: { message: 'Como ajudar?', values: ['Pedidos', 'Suporte'] } },
      ],
      conditions: [{ id: 'c1', type: 'R', condition: ['1'], action: 0, nextStepId: 'orders' }],
    },
    {
      id: 'orders',
      type: 'node',
      interactions: [{ id: 'o1', type: 'MessageField', data: { message: 'Pedido de {{name}}: digite 2 para voltar.' } }],
      conditions: [{ id: 'c2', type: 'Contain2', condition: ['2'], action: 0, nextStepId: 'menu' }],
    },
  ],
  lineList: [{ from: 'start', to: 'menu' }],
});

async function seed(): Promise<{ tenantId: number; ticketIds: number[] }> {
  const run = randomUUID().slice(0, 8);
  const [t] = await q<{ id: number }>(`insert into tenants (name, due_date) values ('Bot ${run}', now() + interval '1 year') returning id`);
  const id = t!.id;
  // Open all week, so the flow runs whenever the bench does.
  const hours = JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, type: 'O', hr1: '08:00', hr2: '12:00', hr3: '13:00', hr4: '18:00' })));
  await q(`update tenants set business_hours = '${hours}'::jsonb where id = ${id}`);
  const [queue] = await q<{ id: number }>(`insert into queues (tenant_id, name, color) values (${id}, 'Atendimento', '#336699') returning id`);
  const [f] = await q<{ id: number }>(
    `insert into chat_flows (tenant_id, name, flow) values (${id}, 'Menu', '${JSON.stringify(flow).replaceAll("'", "''")}'::jsonb) returning id`,
  );
  const [ch] = await q<{ id: number }>(
    `insert into channels (tenant_id, name, type, status, default_queue_id, chat_flow_id, token)
     values (${id}, 'Site ${run}', 'webchat', 'CONNECTED', ${queue!.id}, ${f!.id}, '${run}${randomUUID()}') returning id`,
  );
  await q(`insert into contacts (tenant_id, name, webchat_id) select ${id}, 'Cliente ' || i, '${run}-' || i from generate_series(1, ${CUSTOMERS}) i`);
  const state = JSON.stringify({ stepId: 'menu', retries: 0, variables: {}, lastMessageId: 0 });
  const rows = await q<{ id: number }>(
    `insert into tickets (tenant_id, contact_id, channel_id, queue_id, status, protocol, chat_flow_id, bot_state)
     select ${id}, c.id, ${ch!.id}, ${queue!.id}, 'pending', 'B' || c.id, ${f!.id}, '${state}'::jsonb
     from contacts c where c.tenant_id = ${id} returning id`,
  );
  return { tenantId: id, ticketIds: rows.map((r) => r.id) };
}

/** Every customer answers at once (a burst of inbound messages, stored in one statement). */
async function answerAll(tenantId: number, body: string) {
  await q(`insert into messages (tenant_id, ticket_id, contact_id, channel_id, from_me, body, status, media_type)
    select tenant_id, id, contact_id, channel_id, false, '${body}', 'received', 'chat' from tickets where tenant_id = ${tenantId}`);
  // Statistics as autovacuum keeps them on a database in use. Planned against the near-empty
  // tables of a new database, the step's statements found a ticket or a contact by walking the
  // company's rows of another index (auto_explain showed it): twice the database's work a step.
  // The job queue's tables too: with none, a queue of 2,000 waiting sends was planned as a few
  // rows, fetched by the start-time index and sorted in full on every fetch (jobs.ts).
  await q('analyze tenants, queues, chat_flows, channels, contacts, tickets, messages, pgboss.job');
}

async function steps(tenantId: number, ticketIds: number[], concurrency: number, name: string): Promise<Row> {
  const lat: number[] = [];
  let errors = 0;
  let turns = 0;
  let next = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const dbCpu = pg ? await serverCpuMs(q) : 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ticketIds.length) {
        const ticketId = ticketIds[next++]!;
        const t = performance.now();
        try {
          const r = await withTenant(app.platform.db, tenantId, (s) => runBotStep(app.platform, s, ticketId));
          turns += r.turns;
        } catch (err) {
          errors++;
          if (errors === 1) console.error(err);
        }
        lat.push(performance.now() - t);
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  // This process's CPU per step (the engine, the driver, the outbox's sends running meanwhile):
  // on a loaded machine it moves far less than steps/s.
  const used = process.cpuUsage(cpu);
  const dbMs = pg ? (await serverCpuMs(q)) - dbCpu : 0;
  console.log(
    `${name}, concurrency ${concurrency}: ${((used.user + used.system) / 1000 / lat.length).toFixed(2)} ms of Node CPU a step` +
      (pg ? `, ${(dbMs / lat.length).toFixed(2)} ms of PostgreSQL CPU` : ''),
  );
  if (turns !== ticketIds.length) console.error(`${name}: ${turns} turns for ${ticketIds.length} tickets`);
  lat.sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? 0;
  return { name, concurrency, n: lat.length, rps: lat.length / secs, p50: pct(50), p99: pct(99), errors, rssMb: process.memoryUsage().rss / 1024 / 1024 };
}

/**
 * Waits until the outbox has no reply left to send (the sends of earlier rounds run on meanwhile:
 * a round through the jobs starts with an idle outbox, so it carries its own sends only).
 */
async function outboxDrained(): Promise<void> {
  const giveUp = Date.now() + 300_000;
  for (;;) {
    const [left] = await q<{ n: number }>(`select count(*)::int as n from messages where from_me and status = 'pending'`);
    if (!left?.n) return;
    if (Date.now() > giveUp) throw new Error(`the outbox still holds ${left.n} replies after 5 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The same round through the real path: a chatbot.step job per ticket on pg-boss (fetched in
 * batches, run side by side); timed from the first send until every ticket has handled its answer.
 */
async function viaJobs(tenantId: number, ticketIds: number[], since: number, name: string): Promise<Row> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const dbCpu = pg ? await serverCpuMs(q) : 0;
  const jobs = jobsOf(app.platform.db);
  for (let i = 0; i < ticketIds.length; i += 50)
    await Promise.all(ticketIds.slice(i, i + 50).map((ticketId) => jobs.send(chatbotStepJob, { tenantId, ticketId, due: false, created: false, recovered: false })));
  const sent = performance.now();
  // A ticket has handled its answer when its bot state's last message is at least this round's
  // first answer (`since`: answerAll stored them all after it). Asked every 100 ms, so it reads
  // the tickets alone: reading each one's newest message too cost PostgreSQL 17 ms a time, a sixth
  // of a core taken from the steps it measures.
  const behind = `select count(*)::int as n from tickets t where t.tenant_id = ${tenantId}
    and coalesce((t.bot_state->>'lastMessageId')::int, 0) < ${since}`;
  for (;;) {
    const [left] = await q<{ n: number }>(behind);
    if (!left?.n) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const secs = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const dbMs = pg ? (await serverCpuMs(q)) - dbCpu : 0;
  // Then until the outbox has sent every reply: the round end to end, each customer answered.
  await outboxDrained();
  const answered = (performance.now() - started) / 1000;
  console.log(
    `${name}: ${((used.user + used.system) / 1000 / ticketIds.length).toFixed(2)} ms of Node CPU a step` +
      (pg ? `, ${(dbMs / ticketIds.length).toFixed(2)} ms of PostgreSQL CPU` : '') +
      ` (the jobs' sends, fetches and the progress poll included); the jobs sent in ${(sent - started).toFixed(0)} ms;` +
      ` every reply sent after ${answered.toFixed(1)} s (${(ticketIds.length / answered).toFixed(0)} customers answered a second)`,
  );
  return { name, concurrency: 8, n: ticketIds.length, rps: ticketIds.length / secs, p50: NaN, p99: NaN, errors: 0, rssMb: process.memoryUsage().rss / 1024 / 1024 };
}

/**
 * Where one step's time goes (PostgreSQL only: the driver is counted): one ticket after another,
 * every statement counted by kind (the step's own, pg-boss's sends, BEGIN / COMMIT) and the time
 * spent waiting for the database against the step's whole time.
 */
async function profile(n: number): Promise<void> {
  const { tenantId, ticketIds } = await seed();
  await answerAll(tenantId, '1');
  const counts = { app: 0, boss: 0, txn: 0 };
  let dbMs = 0;
  const proto = pgDriver.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  let on = false;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const t = performance.now();
    const res = original.apply(this, args);
    // pg-boss's own polling and maintenance are not the step's: only its inserts (sends) count.
    const boss = text.includes('pgboss.');
    if (on && (!boss || /insert\s+into\s+pgboss\.job/i.test(text))) {
      if (process.env.BENCH_BOT_PROFILE_SQL) console.log(text.replace(/\s+/g, ' ').slice(0, 160));
      if (/^\s*(begin|commit|rollback)/i.test(text)) counts.txn++;
      else if (boss) counts.boss++;
      else counts.app++;
      if (res instanceof Promise) res.then(() => (dbMs += performance.now() - t), () => undefined);
    }
    return res;
  };
  const started = performance.now();
  on = true;
  for (const ticketId of ticketIds.slice(0, n)) await withTenant(app.platform.db, tenantId, (s) => runBotStep(app.platform, s, ticketId));
  // The outbox enqueues run after commit: let them land before counting stops.
  await new Promise((r) => setTimeout(r, 200));
  on = false;
  const ms = performance.now() - started - 200;
  proto.query = original;
  const per = (x: number) => (x / n).toFixed(2);
  console.log(
    `profile, ${n} steps one after another: ${per(counts.app)} statements of the step, ${per(counts.boss)} pg-boss sends, ` +
      `${per(counts.txn)} BEGIN/COMMIT per step; ${(ms / n).toFixed(2)} ms a step, ${((dbMs / ms) * 100).toFixed(0)}% of it waiting for the database`,
  );
}

const rows: Row[] = [];
if (pg && process.env.BENCH_BOT_PROFILE !== '0') await profile(Number(process.env.BENCH_BOT_PROFILE_STEPS ?? 300));
// BENCH_BOT_CONCURRENCY=0: the job rounds alone.
for (const concurrency of (process.env.BENCH_BOT_CONCURRENCY ?? '10,50').split(',').map(Number).filter((n) => n > 0)) {
  const { tenantId, ticketIds } = await seed();
  for (let round = 0; round < ROUNDS; round++) {
    await answerAll(tenantId, round % 2 === 0 ? '1' : '2');
    rows.push(await steps(tenantId, ticketIds, concurrency, `bot step, ${CUSTOMERS} customers, round ${round + 1}`));
  }
}
{
  // BENCH_BOT_JOB_ROUNDS rounds through the jobs, on the same customers (the statements: of the last).
  const { tenantId, ticketIds } = await seed();
  const jobRounds = Number(process.env.BENCH_BOT_JOB_ROUNDS ?? 1);
  for (let round = 0; round < jobRounds; round++) {
    const [first] = await q<{ n: number }>('select coalesce(max(id), 0)::int + 1 as n from messages');
    await answerAll(tenantId, round % 2 === 0 ? '1' : '2');
    await outboxDrained();
    if (process.env.BENCH_BOT_STATS && round === jobRounds - 1) await q('select pg_stat_statements_reset()');
    rows.push(await viaJobs(tenantId, ticketIds, first!.n, `chatbot.step jobs (pg-boss, batches of 500, 8 at once), ${CUSTOMERS} customers, round ${round + 1}`));
  }
}
if (process.env.BENCH_BOT_STATS) {
  const top = await q<Record<string, unknown>>(`select calls, round(total_exec_time::numeric, 1) as exec_ms, round(total_plan_time::numeric, 1) as plan_ms, plans, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time + total_plan_time desc limit 30`);
  console.table(top);
}
const [counted] = await q<{ n: number }>(`select count(*)::int as n from messages where from_me`);
const replies = counted?.n ?? 0;
report(`${engine}: chatbot steps (steps/s in the req/s column); ${replies} replies recorded`, rows);
await app.close();
process.exit(0);
