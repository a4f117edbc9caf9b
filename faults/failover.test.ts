/**
 * Issue 12: two instances on one PostgreSQL + Redis, one killed with `kill -9`.
 *   - A Telegram channel in long-polling mode (no public URL): a session only one instance runs,
 *     under a lease in the channel row (channels/session/lease.ts). Its owner is killed: the other
 *     instance's orphan scan claims it within the lease time (SESSION_LEASE_MS, shortened here
 *     to 6 s; the scan runs at half of it) and polls the bot again.
 *   - An agent's Socket.IO client reaches the instances through a small TCP balancer (as a load
 *     balancer would send it to any live one): connected to the killed one, it reconnects to the
 *     other by itself, joins its rooms again in the handshake and gets events again.
 *   - Nothing lost: what customers wrote while nobody polled is stored once each after the switch.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, type TelegramStandIn } from '../apps/server/src/channels/telegram/stand-in/stand-in.js';
import { HAS_SERVICES, api, freePort, freshDb, kill9, login, startServer, until, type ChildServer, type FreshDb } from './support.js';

const LEASE_MS = 6_000;
const DURING_SWITCH = 10;

/** A TCP balancer: each connection goes to the first backend that accepts it. */
async function balancer(backends: () => number[]) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.pause();
    const tryNext = (rest: number[]) => {
      const [port, ...others] = rest;
      if (port === undefined) return void client.destroy();
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('error', () => (upstream.connecting || !upstream.readable ? tryNext(others) : client.destroy()));
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        sockets.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        upstream.on('error', end).on('close', end);
        client.on('error', end).on('close', end);
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryNext(backends());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!HAS_SERVICES)('two instances, one killed (faults)', () => {
  let db: FreshDb;
  let standIn: TelegramStandIn;
  let a: ChildServer | undefined;
  let b: ChildServer | undefined;
  let lb: Awaited<ReturnType<typeof balancer>> | undefined;
  let socket: Socket | undefined;

  beforeAll(async () => {
    db = await freshDb('failover');
    standIn = await startTelegramStandIn();
  });
  afterAll(async () => {
    socket?.close();
    await lb?.close();
    await db?.drop([a, b]);
    await standIn?.close();
  });

  it('the killed instance’s channel session moves to the other within the lease, sockets reconnect, nothing is lost', async () => {
    const env = { TELEGRAM_API_ROOT: standIn.url, SESSION_LEASE_MS: String(LEASE_MS) };
    const [portA, portB] = [await freePort(), await freePort()];
    a = await startServer(db, portA, env);
    b = await startServer(db, portB, env);
    lb = await balancer(() => [portA, portB]);
    const token = await login(a.url, 'admin@padaria.demo');

    // The agent's socket, through the balancer: it lands on A while A lives.
    const bodies: string[] = [];
    let connects = 0;
    socket = io(lb.url, { transports: ['websocket'], auth: { token }, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
    socket.on('connect', () => connects++);
    socket.on('message', (p: { message?: { body?: string } }) => {
      if (p.message?.body) bodies.push(p.message.body);
    });
    await until(async () => connects, (n) => n >= 1, 30_000, 50);

    // A Telegram channel in polling mode, connected through A: A holds its session lease.
    const [tenant] = await db.sql<{ tenant_id: number; queue_id: number }>(
      `select u.tenant_id, (select id from queues q where q.tenant_id = u.tenant_id order by id limit 1) as queue_id
       from users u where u.email = 'admin@padaria.demo'`,
    );
    const [channel] = await db.sql<{ id: string }>(
      `insert into channels (tenant_id, name, type, status, token, webhook_key, config, default_queue_id)
       values ($1, 'Telegram failover', 'telegram', 'DISCONNECTED', $2, $3, $4, $5) returning id`,
      [tenant!.tenant_id, standIn.token, randomBytes(18).toString('base64url'), { webhookSecret: randomBytes(24).toString('base64url') }, tenant!.queue_id],
    );
    const channelId = Number(channel!.id);
    expect((await api(a.url, token, 'POST', `/channels/${channelId}/session`)).status).toBe(200);
    const lease = () => db.sql<{ owner: string | null; status: string }>(`select session_owner as owner, status from channels where id = $1`, [channelId]).then((r) => r[0]!);
    const ownerA = (await until(lease, (l) => l.owner !== null && l.status === 'CONNECTED', 30_000)).owner;
    expect(ownerA).not.toBeNull();

    // Before the kill: a customer's message reaches the agent's socket (on A).
    const chatId = 9_000_000 + Math.floor(Math.random() * 100_000);
    await standIn.userSends({ chatId, text: 'antes da queda', from: { first_name: 'Marta' } });
    await until(async () => bodies.includes('antes da queda'), (ok) => ok, 30_000, 50);

    const killedAt = Date.now();
    await kill9(a);
    // While nobody polls the bot, the customer keeps writing.
    const during: string[] = [];
    for (let i = 0; i < DURING_SWITCH; i++) {
      const r = await standIn.userSends({ chatId, text: `durante ${i}` });
      during.push(`${chatId}:${r.message.message_id as number}`);
    }

    // B's orphan scan claims the channel once A's lease ran out.
    const after = await until(lease, (l) => l.owner !== null && l.owner !== ownerA && l.status === 'CONNECTED', LEASE_MS * 3 + 10_000, 100);
    const handoverMs = Date.now() - killedAt;
    expect(after.owner, 'the session moved to B').not.toBe(ownerA);
    expect(after.owner).not.toBeNull();
    // Within the lease plus one scan (half a lease) and a margin for a loaded machine.
    expect(handoverMs).toBeLessThan(LEASE_MS * 1.5 + 8_000);

    // Nothing lost: every message written during the switch stored once.
    const stored = await until(
      () => db.sql<{ external_id: string; n: string }>(`select external_id, count(*) as n from messages where channel_id = $1 and not from_me group by 1`, [channelId]),
      (rows) => during.every((id) => rows.some((r) => r.external_id === id)),
      30_000,
    );
    for (const id of during) expect(stored.find((r) => r.external_id === id)?.n, id).toBe('1');

    // The socket reconnected (to B, the only one left) and gets events again.
    await until(async () => connects, (n) => n >= 2, 30_000, 50);
    expect(socket.connected).toBe(true);
    await standIn.userSends({ chatId, text: 'depois da queda' });
    await until(async () => bodies.includes('depois da queda'), (ok) => ok, 30_000, 50);
    expect(bodies).toContain('depois da queda');
    expect(b.child.exitCode).toBeNull();
    console.log(`failover: session on B ${handoverMs} ms after the kill (lease ${LEASE_MS} ms); socket reconnects: ${connects - 1}`);
  });
});
