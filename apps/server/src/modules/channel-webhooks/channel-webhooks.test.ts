import { WEBHOOK_DELIVERIES_PAGE_SIZE } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { channelWebhookDeliveries as d, channels, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { fakeAdapter, inbound, makeChannel, phone, until } from '../messages/messages.test-support.js';
import { deliverWebhook, WEBHOOK_MAX_ATTEMPTS } from './deliver-webhook.js';
import { sweepWebhooks } from './jobs/sweep-webhooks.job.js';
import { isPrivateAddress, postSigned, PRIVATE_ADDRESS_ERROR } from './post-signed.js';
import { forgetHooks, recordDelivery } from './record-event.js';
import { startWebhookReceiver } from './webhook-receiver.test-support.js';

const SECRET = 'segredo-do-webhook-123456';
let h: Harness;
let a: Company;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const fake = fakeAdapter('telegram');
registerChannelAdapter(fake.adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  receiver = await startWebhookReceiver(SECRET);
});
afterAll(async () => {
  await h.close();
  await receiver.close();
});

/** A channel with a webhook (inserted directly, so the hooks cache is told like a route would). */
async function hooked(c: Company = a, over: Partial<typeof channels.$inferInsert> = {}) {
  const channel = await makeChannel(h, c, { webhookUrl: `${receiver.url}/hook`, webhookSecret: SECRET, ...over });
  forgetHooks(h.app.platform.db, c.tenantId);
  return channel;
}
const deliveries = (c: Company, channelId: number) =>
  withTenant(h.app.platform.db, c.tenantId, (s) => s.select(d, eq(d.channelId, channelId)).orderBy(d.id));
const events = (channelId: number) => receiver.ofChannel(channelId).map((r) => r.json.event as string);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`channel webhook (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('POSTs inbound messages and ticket creation, signed, one delivery row per event', async () => {
    const channel = await hooked();
    const from = { number: phone(), name: 'Dora' };
    const r = await inbound(h, a, channel, { from, body: 'Olá, preciso de ajuda' });
    await until(
      async () => events(channel.id),
      (e) => e.includes('message.created') && e.includes('ticket.created'),
    );
    const got = receiver.ofChannel(channel.id);
    for (const req of got) {
      expect(req.signatureValid).toBe(true);
      expect(req.path).toBe('/hook');
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['x-prosa-event']).toBe(req.json.event);
      expect(Number(req.headers['x-prosa-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
    }
    const msg = got.find((x) => x.json.event === 'message.created')!;
    expect(msg.json).toMatchObject({
      tenantId: a.tenantId,
      channel: { id: channel.id, name: channel.name, type: 'telegram' },
      ticket: { id: r.ticketId, status: 'pending', protocol: expect.stringMatching(/^\d+$/) },
      contact: { name: 'Dora', number: from.number },
      message: { id: r.messageId, body: 'Olá, preciso de ajuda', fromMe: false },
    });
    expect(Date.parse(msg.json.at)).not.toBeNaN();
    const rows = await until(
      () => deliveries(a, channel.id),
      (list) => list.length === 2 && list.every((x) => x.status === 'delivered'),
    );
    expect(rows.map((x) => x.event).sort()).toEqual(['message.created', 'ticket.created']);
    expect(rows.map((x) => String(x.id)).sort()).toEqual(got.map((x) => String(x.headers['x-prosa-delivery'])).sort());
    expect(rows.every((x) => x.attempts === 1 && x.responseStatus === 200 && x.deliveredAt)).toBe(true);

    // A second message bumps the ticket but does not change its status: no ticket event.
    await inbound(h, a, channel, { from, body: 'alô?' });
    await until(
      async () => events(channel.id).filter((e) => e === 'message.created').length,
      (n) => n === 2,
    );
    await sleep(800);
    expect(events(channel.id).filter((e) => e.startsWith('ticket.'))).toEqual(['ticket.created']);

    // The agent's reply: created, then its status change when the provider took it; a close.
    await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, r.ticketId!)),
    );
    const sent = await h.request('POST', `/messages/${r.ticketId}`, {
      token: a.admin.token,
      body: { body: 'Oi Dora' },
    });
    expect(sent.status).toBe(201);
    await until(
      async () =>
        receiver
          .ofChannel(channel.id)
          .filter((x) => x.json.message?.id === sent.body.id)
          .map((x) => `${x.json.event}:${x.json.message.status}`),
      (e) => e.includes('message.created:pending') && e.includes('message.updated:sent'),
    );
    await h.request('PUT', `/tickets/${r.ticketId}`, { token: a.admin.token, body: { status: 'closed' } });
    await until(
      async () =>
        receiver
          .ofChannel(channel.id)
          .filter((x) => x.json.event === 'ticket.status_changed')
          .map((x) => x.json.ticket.status),
      (l) => l.includes('closed'),
    );
    const closed = receiver.ofChannel(channel.id).filter((x) => x.json.event === 'ticket.status_changed');
    expect(closed.map((x) => x.json.ticket.status)).toContain('closed');
    expect(closed.every((x) => x.signatureValid)).toBe(true);
  });

  it('retries after a 500 and is delivered once', async () => {
    const channel = await hooked();
    receiver.failNext(1, 500);
    const res = await h.request('POST', `/channels/${channel.id}/webhook-test`, { token: a.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      event: 'ping',
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      lastError: 'HTTP 500',
    });
    const next = Date.parse(res.body.nextAttemptAt);
    expect(next - Date.now()).toBeGreaterThan(20_000); // backoff, not at once
    expect(receiver.ofChannel(channel.id)).toHaveLength(1);

    const id = res.body.id as number;
    const run = (at: Date) =>
      withTenant(h.app.platform.db, a.tenantId, (s) => deliverWebhook(h.app.platform, s, id, at));
    expect(await run(new Date())).toBe('skipped'); // not due yet
    expect(await run(new Date(next))).toBe('delivered');
    expect(await run(new Date(next + 60_000))).toBe('skipped'); // never twice
    const got = receiver.ofChannel(channel.id);
    expect(got.map((x) => x.answered)).toEqual([500, 200]);
    expect(got[1]!.raw).toBe(got[0]!.raw);
    expect(got.every((x) => x.signatureValid && x.headers['x-prosa-delivery'] === String(id))).toBe(true);
    const [row] = await deliveries(a, channel.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200, lastError: null });
  });

  it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} attempts, and at once on a 4xx refusal`, async () => {
    const channel = await hooked();
    const scope = (fn: Parameters<typeof withTenant>[2]) => withTenant(h.app.platform.db, a.tenantId, fn);
    const hook = { id: channel.id, name: channel.name, type: channel.type };
    const last = (await scope((s) => recordDelivery(s, hook, { event: 'ping', queue: false }))) as number;
    await scope((s) => s.update(d, { attempts: WEBHOOK_MAX_ATTEMPTS - 1 }, eq(d.id, last)));
    receiver.failNext(1, 503);
    expect(await scope((s) => deliverWebhook(h.app.platform, s, last))).toBe('failed');
    const refused = (await scope((s) => recordDelivery(s, hook, { event: 'ping', queue: false }))) as number;
    receiver.failNext(1, 404);
    expect(await scope((s) => deliverWebhook(h.app.platform, s, refused))).toBe('failed');
    const rows = await deliveries(a, channel.id);
    expect(rows.map((x) => [x.status, x.attempts, x.responseStatus])).toEqual([
      ['failed', WEBHOOK_MAX_ATTEMPTS, 503],
      ['failed', 1, 404],
    ]);
  });

  it('the sweeper re-enqueues a pending delivery whose job was lost', async () => {
    const channel = await hooked();
    const hook = { id: channel.id, name: channel.name, type: channel.type };
    const id = await withTenant(h.app.platform.db, a.tenantId, async (s) => {
      const x = await recordDelivery(s, hook, { event: 'ping', queue: false });
      await s.update(d, { nextAttemptAt: new Date(Date.now() - 5 * 60_000) }, eq(d.id, x!));
      return x!;
    });
    expect(await sweepWebhooks(h.app.platform)).toBeGreaterThanOrEqual(1);
    const rows = await until(
      () => deliveries(a, channel.id),
      (l) => l[0]?.status === 'delivered',
    );
    expect(rows).toMatchObject([{ id, status: 'delivered', attempts: 1 }]);
    expect(receiver.ofChannel(channel.id)).toHaveLength(1);
  });

  it('sends nothing for a channel without a URL', async () => {
    const channel = await makeChannel(h, a);
    forgetHooks(h.app.platform.db, a.tenantId);
    const r = await inbound(h, a, channel, { from: { number: phone(), name: 'Sem' }, body: 'oi' });
    expect(r.duplicate).toBe(false);
    await sleep(1_000);
    expect(await deliveries(a, channel.id)).toEqual([]);
    expect(receiver.ofChannel(channel.id)).toEqual([]);
    const test = await h.request('POST', `/channels/${channel.id}/webhook-test`, { token: a.admin.token });
    expect(test).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});

describe('webhook deliveries route', () => {
  it('lists the newest deliveries to admins; another tenant gets 404 and changes nothing; agents 403', async () => {
    const channel = await hooked();
    await h.request('POST', `/channels/${channel.id}/webhook-test`, { token: a.admin.token });
    const list = await h.request('GET', `/channels/${channel.id}/webhook-deliveries`, { token: a.admin.token });
    expect(list.status).toBe(200);
    expect(list.body.hasMore).toBe(false);
    expect(list.body.deliveries).toHaveLength(1);
    expect(list.body.deliveries[0]).toMatchObject({
      channelId: channel.id,
      event: 'ping',
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      lastError: null,
      payload: { event: 'ping' },
    });

    const b = await h.company();
    const other = await h.request('GET', `/channels/${channel.id}/webhook-deliveries`, { token: b.admin.token });
    expect(other).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    const ping = await h.request('POST', `/channels/${channel.id}/webhook-test`, { token: b.admin.token });
    expect(ping).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await deliveries(a, channel.id)).toHaveLength(1);
    expect(receiver.ofChannel(channel.id)).toHaveLength(1);

    const agent = await h.user(a, 'user');
    expect((await h.request('GET', `/channels/${channel.id}/webhook-deliveries`, { token: agent.token })).status).toBe(
      403,
    );
  });

  it(`pages ${WEBHOOK_DELIVERIES_PAGE_SIZE} at a time, newest first; a bad page number is refused`, async () => {
    const channel = await hooked();
    const other = await hooked();
    const hook = { id: channel.id, name: channel.name, type: channel.type };
    const total = WEBHOOK_DELIVERIES_PAGE_SIZE + 3;
    const ids = await withTenant(h.app.platform.db, a.tenantId, async (s) => {
      const out: number[] = [];
      for (let i = 0; i < total; i++) out.push((await recordDelivery(s, hook, { event: 'ping', queue: false }))!);
      await recordDelivery(s, { id: other.id, name: other.name, type: other.type }, { event: 'ping', queue: false });
      return out;
    });
    const page = (n?: number | string) =>
      h.request('GET', `/channels/${channel.id}/webhook-deliveries${n === undefined ? '' : `?pageNumber=${n}`}`, {
        token: a.admin.token,
      });
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    const newestFirst = [...ids].reverse();
    expect(first.body.deliveries.map((x: { id: number }) => x.id)).toEqual(
      newestFirst.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE),
    );
    const second = await page(2);
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.deliveries.map((x: { id: number }) => x.id)).toEqual(
      newestFirst.slice(WEBHOOK_DELIVERIES_PAGE_SIZE),
    );
    expect((await page(3)).body).toEqual({ deliveries: [], hasMore: false });
    for (const bad of [0, -1, 'x', 1.5])
      expect(await page(bad)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});

describe('SSRF guard', () => {
  it('refuses loopback and private targets unless allowed', async () => {
    expect(
      [
        '127.0.0.1',
        '10.1.2.3',
        '172.20.0.1',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.0.1',
        '0.0.0.0',
        '::1',
        '::',
        'fd00::1',
        'fe80::1',
        '::ffff:127.0.0.1',
      ].filter((x) => !isPrivateAddress(x)),
    ).toEqual([]);
    expect(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888'].filter(isPrivateAddress)).toEqual([]);

    const before = receiver.received.length;
    const post = (url: string) =>
      postSigned({ url, secret: SECRET, body: '{}', event: 'ping', deliveryId: 1, allowPrivate: false });
    expect(await post(`${receiver.url}/x`)).toMatchObject({
      ok: false,
      error: PRIVATE_ADDRESS_ERROR,
      retryable: false,
    });
    // A name is checked on the addresses it resolves to, at connect time.
    expect(await post(`http://localhost:${receiver.port}/x`)).toMatchObject({
      ok: false,
      error: PRIVATE_ADDRESS_ERROR,
    });
    expect(await post(`http://[::1]:${receiver.port}/x`)).toMatchObject({ ok: false, error: PRIVATE_ADDRESS_ERROR });
    expect(await post('ftp://example.com/x')).toMatchObject({ ok: false, retryable: false });
    expect(receiver.received.length).toBe(before);

    // Through a delivery, with the production setting: failed at once, nothing received.
    const channel = await hooked();
    const strict = { ...h.app.platform, config: { ...h.app.platform.config, webhookAllowPrivate: false } };
    const hook = { id: channel.id, name: channel.name, type: channel.type };
    const outcome = await withTenant(h.app.platform.db, a.tenantId, async (s) =>
      deliverWebhook(strict, s, (await recordDelivery(s, hook, { event: 'ping', queue: false }))!),
    );
    expect(outcome).toBe('failed');
    expect(await deliveries(a, channel.id)).toMatchObject([
      { status: 'failed', lastError: PRIVATE_ADDRESS_ERROR, attempts: 1 },
    ]);
    expect(receiver.ofChannel(channel.id)).toEqual([]);
    expect(receiver.received.length).toBe(before);
    expect(
      await withTenant(h.app.platform.db, a.tenantId, (s) =>
        s.select(d, and(eq(d.channelId, channel.id), eq(d.status, 'pending'))!),
      ),
    ).toEqual([]);
  });
});
