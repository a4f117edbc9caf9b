/**
 * Issue 14: `kill -9` while a 300-contact campaign sends with the delay off (CAMPAIGN_DELAY_OFF,
 * the test switch), against the Telegram Bot API stand-in. The server is killed once a third of the
 * contacts were sent to, and started again on the same database. Then:
 *   - the campaign finishes by itself (the minute sweep resumes it);
 *   - no contact gets the message twice, and none is skipped: every row is sent and reached the
 *     stand-in exactly once, except a row the dead process had claimed and not confirmed, which is
 *     marked `error` / 'interrupted' and never sent again (at most once: the provider takes no
 *     idempotency key, so a second send could not be told apart; the dead process may or may not
 *     have sent it, and the stand-in's count says which).
 * And a cancel in the middle of a run sends nothing more, also after the next sweep; and two
 * instances working one campaign at once send each contact exactly once.
 * The claim lease is shortened through the environment, so the interrupted rows are found within
 * the test.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, type TelegramStandIn } from '../apps/server/src/channels/telegram/stand-in/stand-in.js';
import { HAS_SERVICES, api, freePort, freshDb, kill9, login, startServer, until, type ChildServer, type FreshDb } from './support.js';

const CONTACTS = 300;
/** Killed (or cancelled) once this many contacts were sent to. */
const STOP_AFTER_SENT = 100;

describe.skipIf(!HAS_SERVICES)('kill -9 while a campaign sends (faults)', () => {
  let db: FreshDb;
  let standIn: TelegramStandIn;
  let server: ChildServer | undefined;
  let second: ChildServer | undefined;

  beforeAll(async () => {
    db = await freshDb('killcamp');
    standIn = await startTelegramStandIn();
  });
  afterAll(async () => {
    await db?.drop([server, second]);
    await standIn?.close();
  });

  /** A campaign of CONTACTS chats at the stand-in, on a Telegram channel of the demo company, due now. */
  async function dueCampaign(url: string, token: string, name: string, opts: { timer?: boolean } = {}) {
    const [tenant] = await db.sql<{ tenant_id: number; queue_id: number }>(
      `select u.tenant_id, (select id from queues q where q.tenant_id = u.tenant_id order by id limit 1) as queue_id
       from users u where u.email = 'admin@padaria.demo'`,
    );
    // Disconnected: sends go through the Bot API without a session; no polling takes the chats' updates.
    // The stand-in has one bot, and a token belongs to one channel: made once, used by both tests.
    const [channel] =
      (await db.sql<{ id: number }>(`select id from channels where token = $1`, [standIn.token])).length > 0
        ? await db.sql<{ id: number }>(`select id from channels where token = $1`, [standIn.token])
        : await db.sql<{ id: number }>(
            `insert into channels (tenant_id, name, type, status, token, default_queue_id)
             values ($1, 'Telegram campanhas', 'telegram', 'DISCONNECTED', $2, $3) returning id`,
            [tenant!.tenant_id, standIn.token, tenant!.queue_id],
          );
    const channelId = Number(channel!.id);
    // The recipients: chats that exist at the stand-in (bots cannot start chats), contacts in Prosa.
    const chatBase = 8_000_000 + Math.floor(Math.random() * 1_000_000);
    const contactIds: number[] = [];
    for (let i = 0; i < CONTACTS; i++) {
      await standIn.userSends({ chatId: chatBase + i, text: 'oi', from: { first_name: `Cliente ${i}` } });
      const [c] = await db.sql<{ id: number }>(
        `insert into contacts (tenant_id, name, external_key) values ($1, $2, $3) returning id`,
        [tenant!.tenant_id, `${name} ${i}`, `${channelId}:${chatBase + i}`],
      );
      contactIds.push(Number(c!.id));
    }
    const tag = `[${name}]`;
    const created = await api<{ id: number }>(url, token, 'POST', '/campaigns', {
      name,
      channelId,
      delaySeconds: 20,
      message1: `Olá {{name}}, oferta ${tag}`,
      message2: `Oi {{name}}! Oferta ${tag}`,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await api(url, token, 'POST', `/campaigns/contacts/${id}`, { contactIds })).status).toBe(200);
    if (opts.timer) {
      // Two seconds ahead (the servers run with CAMPAIGN_MIN_LEAD_OFF): its timer job starts it.
      const startAt = new Date(Date.now() + 2000).toISOString();
      expect((await api(url, token, 'POST', `/campaigns/start/${id}`, { startAt })).status).toBe(200);
    } else {
      const startAt = new Date(Date.now() + 16 * 60_000).toISOString();
      expect((await api(url, token, 'POST', `/campaigns/start/${id}`, { startAt })).status).toBe(200);
      // Due now (the API demands 15 minutes ahead): the minute sweep starts it; no delay between sends.
      await db.sql(`update campaigns set start_at = now(), next_send_at = now() where id = $1`, [id]);
    }
    const sentCount = async () =>
      Number((await db.sql<{ n: string }>(`select count(*) as n from campaign_contacts where campaign_id = $1 and sent_at is not null`, [id]))[0]!.n);
    const got = (chatId: number) => standIn.sent().filter((m) => m.chatId === chatId && (m.text ?? '').includes(tag)).length;
    const delivered = () => standIn.sent().filter((m) => (m.text ?? '').includes(tag)).length;
    return { id, sentCount, got, delivered };
  }

  it('the campaign finishes after the restart, no contact gets the message twice and none is skipped', async () => {
    const port = await freePort();
    const env = { TELEGRAM_API_ROOT: standIn.url, CAMPAIGN_CLAIM_LEASE_MS: '3000', CAMPAIGN_DELAY_OFF: '1' };
    server = await startServer(db, port, env);
    const token = await login(server.url, 'admin@padaria.demo');
    const { id, sentCount, got } = await dueCampaign(server.url, token, 'killcamp');

    await until(sentCount, (n) => n >= STOP_AFTER_SENT, 120_000, 20);
    await kill9(server);
    const sentAtKill = await sentCount();
    const inFlight = new Set(
      (await db.sql<{ id: string }>(`select id from campaign_contacts where campaign_id = $1 and status = 'send-pending' and claim_token is not null`, [id])).map((r) => Number(r.id)),
    );
    expect(sentAtKill, 'the kill landed with contacts still to send').toBeLessThan(CONTACTS);

    server = await startServer(db, port, env);
    const finished = await until(
      () => db.sql<{ status: string }>(`select status from campaigns where id = $1`, [id]),
      (r) => r[0]?.status === 'finished',
      150_000,
      500,
    );
    expect(finished[0]?.status).toBe('finished');

    const rows = await db.sql<{ id: string; status: string; error_reason: string | null; external_key: string }>(
      `select cc.id, cc.status, cc.error_reason, c.external_key from campaign_contacts cc join contacts c on c.id = cc.contact_id where cc.campaign_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(CONTACTS);
    for (const r of rows) {
      const chatId = Number(r.external_key.split(':')[1]);
      expect(got(chatId), `chat ${chatId}`).toBeLessThanOrEqual(1);
      if (r.status === 'delivery-pending') expect(got(chatId), `chat ${chatId} marked sent`).toBe(1);
      else {
        // Only a row the dead process had claimed may be interrupted (it may or may not have gone).
        expect(r).toMatchObject({ status: 'error', error_reason: 'interrupted' });
        expect(inFlight.has(Number(r.id))).toBe(true);
      }
    }
    console.log(
      `kill-campaign: ${sentAtKill} sent at the kill, ${inFlight.size} in flight; after the restart ` +
        `${rows.filter((r) => r.status === 'delivery-pending').length} sent, ${rows.filter((r) => r.status === 'error').length} interrupted`,
    );
  });

  it('a cancel in the middle of a run sends nothing more, also after the next sweep', async () => {
    // The first test's server is done: one instance, so the sends are this one's.
    if (server && server.child.exitCode === null && server.child.signalCode === null) await kill9(server);
    const port = await freePort();
    server = await startServer(db, port, { TELEGRAM_API_ROOT: standIn.url, CAMPAIGN_DELAY_OFF: '1' });
    const token = await login(server.url, 'admin@padaria.demo');
    const { id, sentCount, delivered } = await dueCampaign(server.url, token, 'cancelcamp');

    await until(sentCount, (n) => n >= STOP_AFTER_SENT, 120_000, 20);
    const cancelled = await api<{ status: string }>(server.url, token, 'POST', `/campaigns/cancel/${id}`, {});
    expect(cancelled.body.status).toBe('cancelled');
    const cancelledAt = new Date();
    // A send claimed before the cancel may still finish; then nothing is claimed or in flight.
    await until(
      () => db.sql<{ n: string }>(`select count(*) as n from campaign_contacts where campaign_id = $1 and claim_token is not null and sent_at is null`, [id]),
      (r) => Number(r[0]!.n) === 0,
      30_000,
    );
    const sent = await sentCount();
    expect(sent).toBeLessThan(CONTACTS);
    // The next minute sweep ran after the cancel (it is what would resume a campaign) and sent nothing.
    await until(
      () =>
        db.sql<{ n: string }>(
          `select count(*) as n from pgboss.job where name = 'campaigns.sweep-due' and state = 'completed' and started_on > $1`,
          [cancelledAt],
        ),
      (r) => Number(r[0]!.n) > 0,
      150_000,
      1_000,
    );
    expect(await sentCount()).toBe(sent);
    expect(delivered()).toBe(sent);
    const [campaign] = await db.sql<{ status: string }>(`select status from campaigns where id = $1`, [id]);
    expect(campaign!.status).toBe('cancelled');
    console.log(`cancel-campaign: ${sent} of ${CONTACTS} sent when the cancel came; none after`);
  });

  it('two instances working one campaign at once send each contact exactly once', async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await kill9(server);
    // Each instance reaches the stand-in through its own counting door, so the test knows who sent.
    const doors = await Promise.all([countingProxy(standIn.url), countingProxy(standIn.url)]);
    const env = (i: number) => ({ TELEGRAM_API_ROOT: doors[i]!.url, CAMPAIGN_DELAY_OFF: '1', CAMPAIGN_MIN_LEAD_OFF: '1' });
    // One after the other: the first start migrates and seeds the database.
    server = await startServer(db, await freePort(), env(0));
    second = await startServer(db, await freePort(), env(1));
    try {
      const token = await login(server.url, 'admin@padaria.demo');
      const { id, got } = await dueCampaign(server.url, token, 'twocamp', { timer: true });
      const finished = await until(
        () => db.sql<{ status: string }>(`select status from campaigns where id = $1`, [id]),
        (r) => r[0]?.status === 'finished',
        150_000,
        500,
      );
      expect(finished[0]?.status).toBe('finished');
      const rows = await db.sql<{ status: string; external_key: string }>(
        `select cc.status, c.external_key from campaign_contacts cc join contacts c on c.id = cc.contact_id where cc.campaign_id = $1`,
        [id],
      );
      expect(rows.map((r) => r.status)).toEqual(Array(CONTACTS).fill('delivery-pending'));
      for (const r of rows) expect(got(Number(r.external_key.split(':')[1])), r.external_key).toBe(1);
      const [a, b] = doors.map((d) => d.sends());
      // Every send went through one of the two doors, once. Which instance sends is pg-boss's pick
      // of the timer jobs (a job runs up to 200 steps with the delay off): one may send them all.
      expect(a! + b!).toBe(CONTACTS);
      console.log(`two-instance campaign: ${a} sent by one instance, ${b} by the other, each contact once`);
    } finally {
      await Promise.all(doors.map((d) => d.close()));
    }
  });
});

/** A pass-through to the Bot API stand-in that counts the sendMessage calls going through it. */
async function countingProxy(target: string): Promise<{ url: string; sends(): number; close(): Promise<void> }> {
  let sends = 0;
  const to = new URL(target);
  const proxy = http.createServer((req, res) => {
    if (req.url?.endsWith('/sendMessage')) sends++;
    const out = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    sends: () => sends,
    close: () => new Promise((r) => {
      proxy.closeAllConnections();
      proxy.close(() => r());
    }),
  };
}
