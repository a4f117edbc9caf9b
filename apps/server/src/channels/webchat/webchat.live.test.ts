import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, messages, tenants, tickets } from '../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import { seedDemo } from '../../seed/demo.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { deliverMessage } from '../../modules/messages/commands/deliver-message.js';
import { channelAdapters } from '../../modules/channels/channel-registry.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { say, visitor, webchatChannel, type Visitor } from '../testing/webchat.test-support.js';

let h: Harness;
let url: string;
let a: Company;
let b: Company;
let chA: ChannelRow;
let chB: ChannelRow;
const open: Socket[] = [];

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
  a = await h.company();
  b = await h.company();
  chA = await webchatChannel(h, a);
  chB = await webchatChannel(h, b);
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await h.close();
});

function widgetSocket(token?: string, namespace = '/webchat', base = url): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(`${base}${namespace}`, {
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
    });
    open.push(s);
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(e));
  });
}
function collect(s: Socket, event: string): unknown[] {
  const got: unknown[] = [];
  s.on(event, (p) => got.push(p));
  return got;
}
const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** An agent's reply: recorded pending, then sent by the outbox's send step, as the job does. */
async function agentReply(c: Company, channel: ChannelRow, v: Visitor, body: string) {
  const { ticketId } = (await say(h, channel.token, v, `pergunta antes de "${body}"`)).body;
  return withTenant(h.app.platform.db, c.tenantId, async (scope) => {
    const row = await scope.insert(messages, {
      ticketId,
      channelId: channel.id,
      fromMe: true,
      body,
      status: 'pending',
    });
    expect(await deliverMessage(h.app.platform, scope, row.id)).toBe('sent');
    return (await scope.first(messages, eq(messages.id, row.id)))!;
  });
}

describe('web chat live', () => {
  it('the adapter is registered for the outbound job, files included (the widget fetches them)', () => {
    expect(channelAdapters.webchat).toMatchObject({
      type: 'webchat',
      capabilities: { media: true, reactions: true, edit: true, delete: true },
    });
    expect(channelAdapters.webchat!.capabilities.windowHours).toBeUndefined();
  });

  it('refuses a widget socket without a valid visitor token', async () => {
    await expect(widgetSocket()).rejects.toThrow(/ERR_SESSION_EXPIRED/);
    await expect(widgetSocket('garbage')).rejects.toThrow(/ERR_SESSION_EXPIRED/);
    await expect(widgetSocket(a.admin.token)).rejects.toThrow(/ERR_SESSION_EXPIRED/);
    // and a visitor token opens no staff socket
    const v = await visitor(h, chA.token);
    await expect(widgetSocket(v.visitorToken, '/')).rejects.toThrow(/ERR_SESSION_EXPIRED/);
  });

  it("an agent's reply reaches its visitor live, and no other visitor nor staff socket", async () => {
    const v1 = await visitor(h, chA.token);
    const v2 = await visitor(h, chA.token);
    const vB = await visitor(h, chB.token);
    const s1 = await widgetSocket(v1.visitorToken);
    const got1 = collect(s1, 'message');
    const got2 = collect(await widgetSocket(v2.visitorToken), 'message');
    const gotB = collect(await widgetSocket(vB.visitorToken), 'message');
    const staff = collect(await widgetSocket(a.admin.token, '/'), 'message');
    await say(h, chA.token, v2, 'v2 fala');
    // v2's own message is echoed to its other tabs; wait for it before watching for leaks.
    for (let i = 0; i < 50 && !got2.some((m) => (m as { body?: string }).body === 'v2 fala'); i++) await settle(100);
    got2.length = 0;
    const reply = await agentReply(a, chA, v1, 'Entregamos sim!');
    expect(reply).toMatchObject({ status: 'sent', externalId: `wc-out-${reply.id}` });
    // Wait for the reply itself (not a fixed time); then give a leak the same chance to show.
    for (let i = 0; i < 50 && !got1.some((m) => (m as { id: number }).id === reply.id); i++) await settle(100);
    await settle();
    // Written without an agent (no signature): no sender name; its conversation is still open.
    expect(got1).toContainEqual({
      id: reply.id,
      body: 'Entregamos sim!',
      fromMe: true,
      senderName: '',
      ended: false,
      rating: false,
      mediaType: 'chat',
      media: false,
      createdAt: expect.any(String),
    });
    expect(got2).toEqual([]);
    expect(gotB).toEqual([]);
    expect(staff).not.toContainEqual(expect.objectContaining({ body: 'Entregamos sim!' }));
  });

  it('the whole way: a visitor writes, the agent answers on the desk, the widget shows it live and reads it', async () => {
    const v = await visitor(h, chA.token, { name: 'Rita' });
    const s = await widgetSocket(v.visitorToken);
    const got = collect(s, 'message');
    const { ticketId } = (await say(h, chA.token, v, 'Vocês abrem sábado?')).body;
    await withTenant(h.app.platform.db, a.tenantId, (scope) =>
      scope.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, ticketId)),
    );
    const sent = await h.request('POST', `/messages/${ticketId}`, {
      token: a.admin.token,
      body: { body: 'Abrimos sim, {{name}}!' },
    });
    expect(sent.status).toBe(201);
    for (let i = 0; i < 50 && !got.some((m) => (m as { id: number }).id === sent.body.id); i++) await settle(100);
    expect(got).toContainEqual({
      id: sent.body.id,
      body: 'Abrimos sim, Rita!',
      fromMe: true,
      // The agent's signature, shown by the widget as the sender's name.
      senderName: expect.stringMatching(/\S/),
      ended: false,
      rating: false,
      mediaType: 'chat',
      media: false,
      createdAt: expect.any(String),
    });
    expect(await s.emitWithAck('ack', { id: sent.body.id, status: 'read' })).toEqual({ ok: true });
    const history = await h.request('GET', `/webchat/${chA.token}/messages`, { token: v.visitorToken });
    expect(history.body.at(-1)).toMatchObject({ id: sent.body.id, fromMe: true, status: 'read' });
  });

  it("the agent's reaction, edit and deletion reach the widget live, and its history after a reload", async () => {
    const v = await visitor(h, chA.token);
    const other = await visitor(h, chA.token);
    const s = await widgetSocket(v.visitorToken);
    const got = collect(s, 'update');
    const leaked = collect(await widgetSocket(other.visitorToken), 'update');
    const asked = (await say(h, chA.token, v, 'Tem em azul?')).body;
    await withTenant(h.app.platform.db, a.tenantId, (scope) =>
      scope.update(tickets, { status: 'open', userId: a.admin.userId }, eq(tickets.id, asked.ticketId)),
    );
    const reply = await agentReply(a, chA, v, 'Temos sim');
    const as = { token: a.admin.token };
    expect((await h.request('POST', `/messages/reactions/${asked.id}`, { ...as, body: { emoji: '👍' } })).status).toBe(
      200,
    );
    expect(
      (await h.request('POST', `/messages/edit/${reply.id}`, { ...as, body: { body: 'Temos sim, e em verde' } }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 100 && got.length < 2; i++) await settle(100);
    expect(got).toEqual(
      expect.arrayContaining([
        { id: asked.id, reaction: '👍' },
        { id: reply.id, body: 'Temos sim, e em verde', edited: true },
      ]),
    );
    let history = (await h.request('GET', `/webchat/${chA.token}/messages`, { token: v.visitorToken })).body;
    expect(history.find((m: { id: number }) => m.id === asked.id)).toMatchObject({ reaction: '👍', isEdited: false });
    expect(history.find((m: { id: number }) => m.id === reply.id)).toMatchObject({
      body: 'Temos sim, e em verde',
      isEdited: true,
    });

    expect((await h.request('DELETE', `/messages/${reply.id}`, as)).status).toBe(200);
    for (let i = 0; i < 100 && got.length < 3; i++) await settle(100);
    expect(got.at(-1)).toEqual({ id: reply.id, deleted: true });
    history = (await h.request('GET', `/webchat/${chA.token}/messages`, { token: v.visitorToken })).body;
    expect(history.find((m: { id: number }) => m.id === reply.id)).toMatchObject({
      body: '',
      isDeleted: true,
      isEdited: false,
    });
    expect(leaked).toEqual([]);
  });

  it("marks a reply read when the widget acknowledges it, only for the visitor's own messages", async () => {
    const v1 = await visitor(h, chA.token);
    const v2 = await visitor(h, chA.token);
    const s1 = await widgetSocket(v1.visitorToken);
    const s2 = await widgetSocket(v2.visitorToken);
    const reply = await agentReply(a, chA, v1, 'Pode confirmar?');
    expect(await s2.emitWithAck('ack', { id: reply.id, status: 'read' })).toEqual({ ok: false });
    const statusOf = () =>
      withTenant(
        h.app.platform.db,
        a.tenantId,
        async (scope) => (await scope.first(messages, eq(messages.id, reply.id)))!.status,
      );
    expect(await statusOf()).toBe('sent');
    expect(await s1.emitWithAck('ack', { id: reply.id, status: 'read' })).toEqual({ ok: true });
    expect(await statusOf()).toBe('read');
    expect(await s1.emitWithAck('ack', { id: 'x', status: 'read' })).toEqual({ ok: false });
  });

  it('an acknowledgement that outruns the recording of the send still lands', async () => {
    const v = await visitor(h, chA.token);
    const s = await widgetSocket(v.visitorToken);
    const { ticketId } = (await say(h, chA.token, v, 'oi')).body;
    const row = await withTenant(h.app.platform.db, a.tenantId, (scope) =>
      scope.insert(messages, { ticketId, channelId: chA.id, fromMe: true, body: 'rápida', status: 'pending' }),
    );
    const sent = await channelAdapters.webchat!.send(h.app.platform, chA, {
      messageId: row.id,
      ticketId,
      body: row.body,
      mediaType: 'chat',
      to: { number: '', providerId: v.visitorId },
    });
    const ack = s.emitWithAck('ack', { id: row.id, status: 'read' });
    await settle(50);
    await withTenant(h.app.platform.db, a.tenantId, (scope) =>
      scope.update(messages, { status: 'sent', externalId: sent.externalId }, eq(messages.id, row.id)),
    );
    expect(await ack).toEqual({ ok: true });
    const after = await withTenant(h.app.platform.db, a.tenantId, (scope) =>
      scope.first(messages, eq(messages.id, row.id)),
    );
    expect(after!.status).toBe('read');
  });

  it("a visitor's own message reaches its other tabs", async () => {
    const v = await visitor(h, chA.token);
    const tab = collect(await widgetSocket(v.visitorToken), 'message');
    const posted = (await say(h, chA.token, v, 'de outra aba')).body;
    await settle();
    expect(tab).toContainEqual(expect.objectContaining({ id: posted.id, body: 'de outra aba', fromMe: false }));
  });
});

describe('widget script and demo page', () => {
  it('serves the widget and its socket client as JavaScript', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/widget.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toContain('prosa-webchat-bubble');
    expect(res.body).not.toMatch(/\.innerHTML\s*=/);
    const client = await h.app.inject({ method: 'GET', url: '/webchat/socket.io.min.js' });
    expect(client.statusCode).toBe(200);
    expect(client.headers['content-type']).toMatch(/^application\/javascript/);
  });

  it('lists the demo companies’ web chat channels, idempotently seeded, and embeds the widget', async () => {
    await seedDemo(h.app.platform);
    const sys = unsafeSystemDb(h.app.platform.db);
    const [padaria] = await sys.select().from(tenants).where(eq(tenants.name, 'Padaria Central'));
    const seeded = () => sys.select().from(channels).where(eq(channels.tenantId, padaria!.id));
    const [site] = await seeded();
    expect(site).toMatchObject({
      name: 'Site',
      type: 'webchat',
      status: 'CONNECTED',
      isDefault: true,
      config: { demo: true },
    });
    expect(site!.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(site!.defaultQueueId).not.toBeNull();
    // Seeding again adds nothing; a demo company that lost its channel gets it back.
    await seedDemo(h.app.platform);
    expect(await seeded()).toHaveLength(1);
    await sys.delete(channels).where(eq(channels.id, site!.id));
    await seedDemo(h.app.platform);
    const [back] = await seeded();
    expect(back).toMatchObject({ type: 'webchat', config: { demo: true } });

    const list = await h.app.inject({ method: 'GET', url: '/demo' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.body).toContain('Site de demonstração');
    expect(list.body).toContain('Padaria Central');
    expect(list.body).toContain(`/demo?key=${back!.token}`);
    expect(list.body).not.toContain(chA.token); // not a demo channel
    const page = await h.app.inject({ method: 'GET', url: `/demo?key=${back!.token}` });
    expect(page.body).toContain(`<script src="/widget.js" data-key="${back!.token}" async></script>`);
    expect(page.body).toContain('admin@padaria.demo');
    const evil = await h.app.inject({ method: 'GET', url: '/demo?key=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(evil.body).not.toContain('<script>alert(1)');
    expect(evil.body).not.toContain('data-key=');
  });
});

// Two app instances share the widget rooms through Redis; needs the PostgreSQL + Redis pass of CI.
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('web chat on two instances with Redis', () => {
  it("a reply sent by one instance reaches the visitor's socket on the other", async () => {
    const two = await startHarness({}, { shareWith: h });
    try {
      await two.app.listen({ port: 0, host: '127.0.0.1' });
      const url2 = `http://127.0.0.1:${(two.app.server.address() as { port: number }).port}`;
      const v = await visitor(h, chA.token);
      const got = collect(await widgetSocket(v.visitorToken, '/webchat', url2), 'message');
      await settle(300);
      const reply = await agentReply(a, chA, v, 'Entre instâncias');
      await settle(800);
      expect(got).toContainEqual(expect.objectContaining({ id: reply.id, body: 'Entre instâncias', fromMe: true }));
    } finally {
      await two.close();
    }
  });
});
