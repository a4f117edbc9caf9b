/**
 * Issue 12: PostgreSQL "restarted" under load. A TCP proxy (node:net, in this test) sits between
 * the server and PostgreSQL; under a steady request load it cuts every connection and refuses new
 * ones for a few seconds (what a restart does to clients), then lets them through again.
 *   - during the outage every request answers 503 ERR_DATABASE_UNAVAILABLE (or 200 from a
 *     connection that was already through): never a 500, never a hang, the process never dies;
 *   - after it, requests succeed again by themselves (no restart);
 *   - a job queued before the outage, due during it, runs after it (an outbound message is sent).
 * With FAULTS_REAL_PG_RESTART=<version> (e.g. 16) a second test restarts the real cluster with
 * `pg_ctlcluster <version> main restart` instead: not in CI, it disturbs every database on it.
 */
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, HAS_SERVICES, freePort, freshDb, login, startServer, until, type ChildServer, type FreshDb } from './support.js';

/** How long the proxy refuses connections: about a fast restart. */
const OUTAGE_MS = 4_000;
const WORKERS = 6;
/** A request not answered in this long counts as hung. */
const HANG_MS = 12_000;

/** A TCP proxy to PostgreSQL that can drop every connection and refuse new ones for a while. */
async function pgProxy(target: URL) {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    /** Cuts every open connection and refuses new ones until `restore`. */
    cut() {
      refusing = true;
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
    },
    restore() {
      refusing = false;
    },
    open: () => pairs.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Outcome {
  at: number;
  status: number | 'hang' | 'network';
  error?: string;
}

/** WORKERS loops of authenticated GETs, each outcome timestamped, until `stop`. */
function steadyLoad(base: string, token: string) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const urls = ['/tags', '/queue'];
  const loop = async (w: number) => {
    for (let i = w; !stopped; i++) {
      const at = Date.now();
      try {
        const res = await fetch(`${base}${urls[i % urls.length]}`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(HANG_MS),
        });
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        outcomes.push({ at, status: res.status, error: body.error });
      } catch (err) {
        outcomes.push({ at, status: (err as Error).name === 'TimeoutError' ? 'hang' : 'network', error: String(err) });
        if ((err as Error).name !== 'TimeoutError') await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  const done = Promise.all(Array.from({ length: WORKERS }, (_, w) => loop(w)));
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** A pending outbound web chat message and its send job, due `dueInMs` from now (queued now). */
async function queueSendDuringOutage(db: FreshDb, base: string, dueInMs: number): Promise<number> {
  const [channel] = await db.sql<{ tenant_id: number; token: string }>(
    `select tenant_id, token from channels where type = 'webchat' and config->>'demo' = 'true' order by id limit 1`,
  );
  const api = (u: string) => `${base}/webchat/${encodeURIComponent(channel!.token)}${u}`;
  const session = (await (
    await fetch(api('/session'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Outage' }) })
  ).json()) as { visitorToken: string };
  const sent = await fetch(api('/messages'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.visitorToken}` },
    body: JSON.stringify({ text: 'oi', clientId: `outage${Date.now()}` }),
  });
  expect(sent.status).toBeLessThan(300);
  const { id } = (await sent.json()) as { id: number };
  const [msg] = await db.sql<{ id: number; tenant_id: number }>(
    `insert into messages (tenant_id, ticket_id, contact_id, channel_id, from_me, body, status)
     select tenant_id, ticket_id, contact_id, channel_id, true, 'queued before the outage', 'pending' from messages where id = $1
     returning id, tenant_id`,
    [id],
  );
  // The job as the outbox queues it (jobs.send), due while the database is away.
  await db.sql(`insert into pgboss.job (name, data, start_after, singleton_key) values ('messages.send', $1, now() + $2 * interval '1 millisecond', $3)`, [
    { tenantId: Number(msg!.tenant_id), messageId: Number(msg!.id) },
    dueInMs,
    `send:${msg!.id}`,
  ]);
  return Number(msg!.id);
}

describe.skipIf(!HAS_SERVICES)('PostgreSQL restarted under load (faults)', () => {
  let db: FreshDb;
  let server: ChildServer | undefined;
  let proxy: Awaited<ReturnType<typeof pgProxy>>;

  beforeAll(async () => {
    db = await freshDb('pgrestart');
    proxy = await pgProxy(new URL(BASE_URL!));
  });
  afterAll(async () => {
    await db?.drop([server]);
    await proxy?.close();
  });

  it('answers 503 ERR_DATABASE_UNAVAILABLE during the outage, never 500 or a hang, recovers alone, loses no job', async () => {
    const viaProxy = new URL(db.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startServer(db, await freePort(), { DATABASE_URL: viaProxy.toString(), DB_CONNECT_TIMEOUT_MS: '3000' });
    const token = await login(server.url, 'admin@padaria.demo');
    const messageId = await queueSendDuringOutage(db, server.url, OUTAGE_MS / 2);

    const load = steadyLoad(server.url, token);
    // Steady state first: the load is answered.
    await until(async () => load.outcomes.filter((o) => o.status === 200).length, (n) => n >= 30, 30_000);
    expect(proxy.open()).toBeGreaterThan(0);

    const cutAt = Date.now();
    proxy.cut();
    // The outage: refused for OUTAGE_MS, and the load has seen it.
    await until(async () => Date.now() - cutAt, (ms) => ms >= OUTAGE_MS, OUTAGE_MS + 1000, 100);
    const restoredAt = Date.now();
    proxy.restore();
    // Recovery by itself: 30 answers in a row of 200 once the connections are let through.
    const recovered = await until(
      async () => {
        const after = load.outcomes.filter((o) => o.at >= restoredAt);
        return after.length >= 30 && after.slice(-30).every((o) => o.status === 200);
      },
      (ok) => ok,
      60_000,
    );
    await load.stop();
    expect(server.child.exitCode, 'the server died').toBeNull();

    const during = load.outcomes.filter((o) => o.at >= cutAt && o.at < restoredAt);
    const statuses = new Set(load.outcomes.map((o) => o.status));
    expect([...statuses].filter((s) => s !== 200 && s !== 503), JSON.stringify(load.outcomes.filter((o) => o.status !== 200 && o.status !== 503).slice(0, 5))).toEqual([]);
    expect(during.filter((o) => o.status === 503).length, 'requests failed during the outage').toBeGreaterThan(0);
    for (const o of load.outcomes.filter((x) => x.status === 503)) expect(o.error).toBe('ERR_DATABASE_UNAVAILABLE');
    expect(recovered, 'recovered after the outage').toBe(true);

    // The job queued before the outage, due during it, ran after it.
    const [msg] = await until(
      () => db.sql<{ status: string }>(`select status from messages where id = $1`, [messageId]),
      (r) => r[0]?.status === 'sent',
      60_000,
    );
    expect(msg?.status).toBe('sent');
  });

  const realVersion = process.env.FAULTS_REAL_PG_RESTART;
  it.skipIf(!realVersion)('survives a real `pg_ctlcluster <version> main restart` (FAULTS_REAL_PG_RESTART=<version>, not in CI)', async () => {
    if (server?.child.exitCode === null) process.kill(-server.child.pid!, 'SIGKILL');
    server = await startServer(db, await freePort());
    const token = await login(server.url, 'admin@padaria.demo');
    const messageId = await queueSendDuringOutage(db, server.url, 1_000);
    const load = steadyLoad(server.url, token);
    await until(async () => load.outcomes.filter((o) => o.status === 200).length, (n) => n >= 30, 30_000);
    const restartAt = Date.now();
    execFileSync('pg_ctlcluster', [realVersion!, 'main', 'restart'], { stdio: 'inherit' });
    const recovered = await until(
      async () => load.outcomes.filter((o) => o.at >= restartAt + 1000).slice(-30),
      (last) => last.length >= 30 && last.every((o) => o.status === 200),
      60_000,
    );
    await load.stop();
    expect(server.child.exitCode, 'the server died').toBeNull();
    expect(load.outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    for (const o of load.outcomes.filter((x) => x.status === 503)) expect(o.error).toBe('ERR_DATABASE_UNAVAILABLE');
    expect(recovered.length).toBeGreaterThanOrEqual(30);
    const [msg] = await until(
      () => db.sql<{ status: string }>(`select status from messages where id = $1`, [messageId]),
      (r) => r[0]?.status === 'sent',
      60_000,
    );
    expect(msg?.status).toBe('sent');
  });
});
