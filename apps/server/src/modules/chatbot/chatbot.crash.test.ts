/**
 * Issue 10: `kill -9` mid-step. The real server runs as a child process on a fresh PostgreSQL
 * database (the demo company's web chat channel, given a two-step flow); web chat customers send
 * a burst through the public widget API, each answering the bot as they go; once the bot has
 * answered some of them, with steps and sends still in flight, the process is killed with
 * SIGKILL, started again, and every message that was not acknowledged is sent again with the
 * same clientId (as the widget does). Then: every customer got each bot reply exactly once, in
 * order, all sent, and every ticket ended where the flow sends it (queue, out of the bot).
 *
 * What brings lost work back after the restart: the step is one transaction with the ticket
 * locked (a killed step leaves nothing), the recovery sweep (chatbot.recover-steps) redoes steps
 * the dead process took with it, the outbox's claim and its resend sweep send each reply once.
 *
 * PostgreSQL only: on PGlite the database lives inside the killed process (`describe.skipIf`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, kill9, startChildServer, type ChildServer } from '../../test/child-server.js';
import { cond, flowOf, text } from './engine/engine.test-support.js';

const BASE_URL = process.env.DATABASE_URL;
/**
 * Enough customers that the bot is still at work when the kill lands on an idle machine (with 12,
 * all 36 replies were written between two looks of a 250 ms poll on CI's idle cores).
 */
const VISITORS = 30;
/** Killed once the bot has written this many replies (of VISITORS x 3). */
const KILL_AFTER_REPLIES = 8;
const ANSWERS = ['oi', '1', 'pronto'];

let dbUrl = '';
let dbName = '';
let dataDir = '';
let running: ChildServer | undefined;

const start = (port: number) => startChildServer(port, { dbUrl, dataDir });

async function sql<R extends pg.QueryResultRow>(text: string, params: unknown[] = [], url = dbUrl): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** Polls the database (another process's state: no event reaches the test) until `ok`. */
async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms: number, everyMs = 250): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe.skipIf(!BASE_URL)('the bot survives kill -9 mid-step (PostgreSQL)', () => {
  beforeAll(async () => {
    dbName = `prosa_botcrash_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await sql(`create database ${dbName}`, [], BASE_URL);
    const u = new URL(BASE_URL!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-botcrash-'));
  });
  afterAll(async () => {
    if (running?.child.exitCode === null) await kill9(running);
    rmSync(dataDir, { recursive: true, force: true });
    await sql(`drop database if exists ${dbName} with (force)`, [], BASE_URL);
  });

  it('no bot reply is lost or sent twice, and every ticket ends where its flow sends it', async () => {
    const port = await freePort();
    running = await start(port);

    // The demo company's web chat channel runs a two-step flow; no greeting of its own.
    const [channel] = await sql<{ id: number; tenant_id: number; token: string }>(
      `select id, tenant_id, token from channels where type = 'webchat' and config->>'demo' = 'true' order by id limit 1`,
    );
    const [queue] = await sql<{ id: number; name: string }>(`select id, name from queues where tenant_id = $1 order by id limit 1`, [channel!.tenant_id]);
    const flow = flowOf(
      [
        { id: 's1', interactions: [text('Olá {{name}}!')], conditions: [cond('R', ['1'], 0, { nextStepId: 's2' })] },
        { id: 's2', interactions: [text('Passo 2')], conditions: [cond('US', [], 1, { queueId: queue!.id })] },
      ],
      { welcomeMessage: { message: 'Você está na fila {{fila}}' } },
    );
    const [row] = await sql<{ id: number }>(`insert into chat_flows (tenant_id, name, flow) values ($1, 'Crash', $2) returning id`, [channel!.tenant_id, JSON.stringify(flow)]);
    await sql(`update channels set chat_flow_id = $1, greeting_message = '' where id = $2`, [row!.id, channel!.id]);
    // Open all day: the company's absence message is not what this test is about.
    await sql(
      `update tenants set business_hours = (select jsonb_agg(d || '{"type":"O"}') from jsonb_array_elements(business_hours) d) where id = $1`,
      [channel!.tenant_id],
    );

    const api = (u: string) => `${running!.url}/webchat/${encodeURIComponent(channel!.token)}${u}`;
    const session = async (name: string) => {
      const res = await fetch(api('/session'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
      return { name, ...((await res.json()) as { visitorId: string; visitorToken: string }) };
    };
    type Visitor = Awaited<ReturnType<typeof session>>;
    const acked = new Map<string, number>();
    let killed: Promise<void> | undefined;
    const post = async (v: Visitor, clientId: string, body: string): Promise<boolean> => {
      try {
        const res = await fetch(api('/messages'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${v.visitorToken}` },
          body: JSON.stringify({ text: body, clientId }),
        });
        if (res.status < 200 || res.status >= 300) return false;
        const { id } = (await res.json()) as { id: number };
        if (acked.has(clientId)) expect(id).toBe(acked.get(clientId));
        acked.set(clientId, id);
        return true;
      } catch {
        return false; // the connection died with the process
      }
    };
    const contactOf = (v: Visitor) => `select id from contacts where tenant_id = ${channel!.tenant_id} and webchat_id = '${v.visitorId}'`;
    const botReplies = (v: Visitor) =>
      sql<{ body: string; status: string }>(
        `select m.body, m.status from messages m where m.from_me and m.contact_id = (${contactOf(v)}) order by m.id`,
      );

    // The server reads the company's flows and hours through a 5-second cache: a probe customer waits
    // until the bot greets (the event), so the burst starts with the flow in force.
    await until(
      async () => {
        const probe = await session(`Teste ${randomBytes(2).toString('hex')}`);
        await post(probe, `probe${randomBytes(4).toString('hex')}`, 'oi');
        return until(() => botReplies(probe), (r) => r.some((m) => m.body.startsWith('Olá Teste')), 4_000);
      },
      (r) => r.some((m) => m.body.startsWith('Olá Teste')),
      60_000,
    );

    const visitors: Visitor[] = [];
    for (let i = 0; i < VISITORS; i++) visitors.push(await session(`V${i}`));
    const sends = new Map(visitors.map((v) => [v, ANSWERS.map((body, n) => ({ body, clientId: `bot${n}${randomBytes(5).toString('hex')}` }))]));
    // One connection kept for the kill's probe, so each look is one query and no connect.
    const probeDb = new pg.Client({ connectionString: dbUrl });
    await probeDb.connect();
    const replyCount = async () =>
      Number(
        (
          await probeDb.query<{ n: string }>(
            `select count(*) as n from messages m join contacts c on c.id = m.contact_id
             where m.from_me and c.tenant_id = $1 and c.webchat_id = any($2::text[])`,
            [channel!.tenant_id, visitors.map((v) => v.visitorId)],
          )
        ).rows[0]!.n,
      );
    // The kill: once the bot has written some replies, with the burst and its steps in flight.
    let repliesAtKill = -1;
    const trigger = (async () => {
      // Looked at every 10 ms (one query on one connection), so the kill lands right after the mark.
      const n = await until(replyCount, (x) => x >= KILL_AFTER_REPLIES, 120_000, 10);
      repliesAtKill = n;
      killed = kill9(running!);
    })();
    // The burst: every customer answers in order as fast as the server acknowledges.
    await Promise.all(
      visitors.map(async (v) => {
        for (const m of sends.get(v)!) {
          if (killed || !(await post(v, m.clientId, m.body))) return;
        }
      }),
    );
    await trigger;
    await killed;
    await probeDb.end();
    expect(repliesAtKill).toBeGreaterThanOrEqual(KILL_AFTER_REPLIES);
    expect(repliesAtKill).toBeLessThan(VISITORS * 3); // the kill did land with bot work left

    running = await start(port);
    // Each customer sends again, in order, what was not acknowledged (the widget's resend).
    await Promise.all(
      visitors.map(async (v) => {
        for (const m of sends.get(v)!) if (!acked.has(m.clientId)) expect(await post(v, m.clientId, m.body), m.clientId).toBe(true);
      }),
    );

    const expected = (v: Visitor) => [`Olá ${v.name}!`, 'Passo 2', `Você está na fila ${queue!.name}`];
    const settled = async () => {
      const all = await Promise.all(visitors.map(botReplies));
      return all.every((r, i) => r.length >= 3 && r.every((m) => m.status === 'sent') && r[0]!.body === expected(visitors[i]!)[0]);
    };
    // The recovery sweep runs every minute; a send claimed by the dead process waits out its lease.
    await until(settled, (ok) => ok, 330_000);
    for (const v of visitors) {
      const replies = await botReplies(v);
      expect(replies.map((r) => r.body), v.name).toEqual(expected(v));
      expect(replies.map((r) => r.status), v.name).toEqual(['sent', 'sent', 'sent']);
      const tickets = await sql<{ status: string; queue_id: number; chat_flow_id: number | null; bot_state: unknown; n: string }>(
        `select t.status, t.queue_id, t.chat_flow_id, t.bot_state,
           (select count(*) from messages m where m.ticket_id = t.id and not m.from_me) as n
         from tickets t where t.contact_id = (${contactOf(v)})`,
      );
      expect(tickets, v.name).toEqual([{ status: 'pending', queue_id: queue!.id, chat_flow_id: null, bot_state: null, n: '3' }]);
    }
  }, 600_000);
});
