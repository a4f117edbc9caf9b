/**
 * Issue 12: `kill -9` during outbound sends and during an inbound burst on a channel, against the
 * Telegram Bot API stand-in (webhook mode: the server has a public URL the stand-in POSTs to).
 * Agents reply to customers (POST /messages with a clientId) while customers write (the stand-in's
 * webhook posts); the server is killed once some replies went out, with both in flight. After the
 * restart the agents send again what was not acknowledged (same clientId) and Telegram delivers
 * again every update the server did not answer 200 (and a few it did). Then:
 *   - every reply is one stored message, sent, that reached the stand-in; a reply reaches it twice
 *     only if its send was in flight at the kill (claimed, not marked sent: a provider without an
 *     idempotency key cannot be told "you already have this", so that is at-least-once);
 *   - every update is stored exactly once (counted by the provider's id, chatId:message_id).
 * The outbox's claim lease and stuck-send sweep are shortened through the environment so the
 * sends in flight at the kill are retried within the test (the sweep still runs each minute).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, type TelegramStandIn } from '../apps/server/src/channels/telegram/stand-in/stand-in.js';
import { HAS_SERVICES, api, freePort, freshDb, kill9, login, startServer, until, type ChildServer, type FreshDb } from './support.js';

const CHATS = 10;
const REPLIES_PER_CHAT = 6;
/** Customers write until the kill, at most this many updates. */
const INBOUND_MAX = 400;
/** Killed once this many replies are marked sent (of CHATS x REPLIES_PER_CHAT). */
const KILL_AFTER_SENT = 12;

describe.skipIf(!HAS_SERVICES)('kill -9 during outbound sends and an inbound burst (faults)', () => {
  let db: FreshDb;
  let standIn: TelegramStandIn;
  let server: ChildServer | undefined;

  beforeAll(async () => {
    db = await freshDb('killch');
    standIn = await startTelegramStandIn();
  });
  afterAll(async () => {
    await db?.drop([server]);
    await standIn?.close();
  });

  it('every reply is stored once and reaches the stand-in, every accepted update is stored once', async () => {
    const port = await freePort();
    const env = {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TELEGRAM_API_ROOT: standIn.url,
      OUTBOX_CLAIM_LEASE_MS: '5000',
      OUTBOX_STUCK_AFTER_MS: '5000',
    };
    server = await startServer(db, port, env);
    const token = await login(server.url, 'admin@padaria.demo');

    // A Telegram channel of the demo company, connected: the webhook is registered with the stand-in.
    const [tenant] = await db.sql<{ tenant_id: number; queue_id: number }>(
      `select u.tenant_id, (select id from queues q where q.tenant_id = u.tenant_id order by id limit 1) as queue_id
       from users u where u.email = 'admin@padaria.demo'`,
    );
    const [channel] = await db.sql<{ id: number }>(
      `insert into channels (tenant_id, name, type, status, token, webhook_key, config, default_queue_id)
       values ($1, 'Telegram faults', 'telegram', 'DISCONNECTED', $2, $3, $4, $5) returning id`,
      [tenant!.tenant_id, standIn.token, randomBytes(18).toString('base64url'), { webhookSecret: randomBytes(24).toString('base64url') }, tenant!.queue_id],
    );
    const channelId = Number(channel!.id);
    expect((await api(server.url, token, 'POST', `/channels/${channelId}/session`)).status).toBe(200);
    expect(standIn.webhook()?.url).toBe(`${env.PUBLIC_URL}/webhooks/telegram/${(await db.sql<{ k: string }>(`select webhook_key as k from channels where id = $1`, [channelId]))[0]!.k}`);

    // The customers: one ticket each.
    const chatBase = 7_000_000 + Math.floor(Math.random() * 1_000_000);
    const tickets = new Map<number, number>();
    for (let i = 0; i < CHATS; i++) {
      const r = await standIn.userSends({ chatId: chatBase + i, text: `olá ${i}`, from: { first_name: `Cliente ${i}` } });
      expect(r.webhookStatus).toBe(200);
    }
    const ticketRows = await until(
      () => db.sql<{ external_id: string; ticket_id: number }>(`select external_id, ticket_id from messages where channel_id = $1 and not from_me`, [channelId]),
      (rows) => rows.length >= CHATS,
      60_000,
    );
    for (const r of ticketRows) tickets.set(Number(r.external_id.split(':')[0]) - chatBase, Number(r.ticket_id));
    expect(tickets.size).toBe(CHATS);
    // Accepted by the admin (only an open ticket is replied to).
    await db.sql(`update tickets set status = 'open', user_id = (select id from users where email = 'admin@padaria.demo') where id = any($1::int[])`, [[...tickets.values()]]);

    // The replies (a marker each, to find it in what the stand-in got) and the inbound burst.
    const replies = [...tickets].flatMap(([i, ticketId]) =>
      Array.from({ length: REPLIES_PER_CHAT }, (_, n) => ({ ticketId, clientId: `flt${i}x${n}${randomBytes(4).toString('hex')}`, marker: `[r ${i}.${n}]` })),
    );
    const acked = new Map<string, number>();
    let killed: Promise<void> | undefined;
    const reply = async (r: (typeof replies)[number]): Promise<boolean> => {
      let res: { status: number; body: { id: number } };
      try {
        res = await api<{ id: number }>(server!.url, token, 'POST', `/messages/${r.ticketId}`, { body: `resposta ${r.marker}`, clientId: r.clientId });
      } catch {
        return false; // the connection died with the process
      }
      {
        expect(res.status, JSON.stringify(res.body)).toBeOneOf([200, 201]);
        if (acked.has(r.clientId)) expect(res.body.id).toBe(acked.get(r.clientId));
        acked.set(r.clientId, res.body.id);
        return true;
      }
    };
    const updates: { chatId: number; messageId: number; update: Parameters<TelegramStandIn['redeliver']>[0]; status: number | null | undefined }[] = [];
    const customerWrites = async (k: number) => {
      for (let n = k; n < INBOUND_MAX && !killed; n += 4) {
        const chatId = chatBase + 100 + (n % 20);
        const r = await standIn.userSends({ chatId, text: `rajada ${n}`, from: { first_name: `Rajada ${n % 20}` } });
        updates.push({ chatId, messageId: r.message.message_id as number, update: r.update, status: r.webhookStatus });
      }
    };

    // The kill: once some replies are marked sent, with replies and updates in flight.
    const sentCount = async () =>
      Number((await db.sql<{ n: string }>(`select count(*) as n from messages where channel_id = $1 and from_me and status = 'sent'`, [channelId]))[0]!.n);
    const trigger = (async () => {
      await until(sentCount, (n) => n >= KILL_AFTER_SENT, 120_000, 10);
      killed = kill9(server!);
    })();
    await Promise.all([
      ...[...tickets.values()].map(async (ticketId) => {
        for (const r of replies.filter((x) => x.ticketId === ticketId)) if (killed || !(await reply(r))) return;
      }),
      ...[0, 1, 2, 3].map(customerWrites),
    ]);
    await trigger;
    await killed;
    // Replies claimed by the dead process and not marked sent: the only ones that may reach the provider twice.
    const inFlight = new Set(
      (await db.sql<{ id: string }>(`select id from messages where channel_id = $1 and from_me and status = 'pending' and send_attempts > 0`, [channelId])).map((r) => Number(r.id)),
    );
    const sentAtKill = await sentCount();
    expect(sentAtKill).toBeGreaterThanOrEqual(KILL_AFTER_SENT);
    expect(sentAtKill, 'the kill landed with replies still to send').toBeLessThan(replies.length);
    expect(updates.length, 'the kill landed mid-burst').toBeLessThan(INBOUND_MAX);
    expect(updates.some((u) => u.status !== 200), 'some updates were not accepted').toBe(true);

    server = await startServer(db, port, env);
    // The agents send again what was not acknowledged, and a few that were (same clientId).
    for (const r of replies) if (!acked.has(r.clientId)) expect(await reply(r), r.clientId).toBe(true);
    for (const r of replies.slice(0, 3)) expect(await reply(r)).toBe(true);
    // Telegram delivers again what was not answered 200, and the rest of the burst goes out.
    for (const u of updates) if (u.status !== 200) expect(await standIn.redeliver(u.update)).toBe(200);
    for (const u of updates.slice(0, 5)) expect(await standIn.redeliver(u.update)).toBe(200);

    // Every reply sent (the in-flight ones after the shortened claim lease and the next sweep).
    const rows = await until(
      () => db.sql<{ id: string; client_id: string; status: string }>(`select id, client_id, status from messages where channel_id = $1 and from_me and client_id like 'flt%'`, [channelId]),
      (r) => r.length === replies.length && r.every((m) => m.status === 'sent'),
      150_000,
      500,
    );
    expect(rows.filter((m) => m.status !== 'sent')).toEqual([]);
    expect(rows).toHaveLength(replies.length);
    const idOf = new Map(rows.map((m) => [m.client_id, Number(m.id)]));
    const texts = standIn.sent().map((s) => s.text ?? '');
    for (const r of replies) {
      const times = texts.filter((t) => t.includes(r.marker)).length;
      expect(times, `${r.marker} reached the stand-in`).toBeGreaterThanOrEqual(1);
      if (times > 1) expect(inFlight.has(idOf.get(r.clientId)!), `${r.marker} sent ${times} times, not in flight at the kill`).toBe(true);
    }

    // Every update stored once, by the provider's id.
    const stored = new Map(
      (
        await until(
          () => db.sql<{ external_id: string; n: string }>(`select external_id, count(*) as n from messages where channel_id = $1 and not from_me group by 1`, [channelId]),
          (r) => r.length >= CHATS + updates.length,
          60_000,
        )
      ).map((r) => [r.external_id, Number(r.n)]),
    );
    for (const u of updates) expect(stored.get(`${u.chatId}:${u.messageId}`), `update ${u.chatId}:${u.messageId}`).toBe(1);
    expect(stored.size).toBe(CHATS + updates.length);
    console.log(
      `kill-channel: ${sentAtKill} replies sent at the kill, ${acked.size} acknowledged, ${inFlight.size} in flight; ` +
        `${updates.filter((u) => u.status === 200).length}/${updates.length} updates accepted before the restart; ` +
        `${texts.filter((t) => t.includes('[r ')).length - replies.length} duplicate deliveries`,
    );
  });
});
