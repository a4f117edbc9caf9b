import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness } from '../../test/harness.js';

const open: Socket[] = [];
afterAll(() => open.forEach((s) => s.close()));

async function listen(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
}

function socketFor(url: string, token?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
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

const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

describe('sockets', () => {
  let h: Harness;
  let url: string;
  let a: Company;
  let b: Company;
  beforeAll(async () => {
    h = await startHarness();
    url = await listen(h);
    a = await h.company();
    b = await h.company();
  });
  afterAll(() => h.close());

  it('refuses a connection without a valid token', async () => {
    await expect(socketFor(url)).rejects.toThrow(/ERR_SESSION_EXPIRED/);
    await expect(socketFor(url, 'garbage')).rejects.toThrow(/ERR_SESSION_EXPIRED/);
  });

  it("delivers a tenant's events to its own sockets and never to another tenant's", async () => {
    const sa = await socketFor(url, a.admin.token);
    const sb = await socketFor(url, b.admin.token);
    const gotA = collect(sa, 'queue');
    const gotB = collect(sb, 'queue');
    await h.request('POST', '/queue', { token: a.admin.token, body: { name: 'Tempo real', color: '#123456' } });
    await settle();
    expect(gotA).toEqual([expect.objectContaining({ action: 'create', queue: expect.objectContaining({ name: 'Tempo real' }) })]);
    expect(gotB).toEqual([]);
  });

  it("user events tell agents a colleague's name, presence and queues, not its email (issue 9, L9)", async () => {
    const agent = await h.user(a, 'user');
    const s = await socketFor(url, agent.token);
    const got = new Promise<unknown>((resolve) => s.once('user', resolve));
    const res = await h.request('PUT', `/users/${a.admin.userId}`, { token: a.admin.token, body: { name: 'Renomeado' } });
    expect(res.status).toBe(200);
    expect(await got).toEqual({
      action: 'update',
      user: { id: a.admin.userId, tenantId: a.tenantId, name: 'Renomeado', queues: [], isOnline: expect.any(Boolean) },
    });
  });

  it('setUserActive marks the user online for its own tenant only', async () => {
    const agent = await h.user(a, 'user');
    const watcher = await socketFor(url, a.admin.token);
    const outsider = await socketFor(url, b.admin.token);
    const seen = collect(watcher, 'user:online');
    const leaked = collect(outsider, 'user:online');
    const s = await socketFor(url, agent.token);
    s.emit('setUserActive', b.tenantId); // a tenant that is not its own is ignored
    await settle(200);
    s.emit('setUserActive', a.tenantId);
    await settle();
    expect(seen).toContainEqual({ userId: agent.userId, isOnline: true });
    expect(leaked).toEqual([]);
    const users = await h.request('GET', `/auth/me`, { token: agent.token });
    expect(users.status).toBe(200);
  });

  it('a socket is in its company, user and admins rooms as soon as it is connected (joined in the handshake)', async () => {
    const agent = await h.user(a, 'user');
    for (const [session, room] of [
      [a.admin, { kind: 'admins' }],
      [a.admin, { kind: 'ticketAdmins' }],
      [agent, { kind: 'tenant' }],
      [agent, { kind: 'user', userId: agent.userId }],
    ] as const) {
      const s = connect(url, { auth: { token: session.token }, transports: ['websocket'], reconnection: false });
      open.push(s);
      const probe = `probe-${Math.random()}`;
      // Sent the moment the client learns it is connected, before any database read could finish.
      const got = new Promise<unknown>((resolve) => s.once('probe', resolve));
      s.once('connect', () => h.app.platform.realtime.emit(a.tenantId, room, 'probe', probe));
      expect(await got).toBe(probe);
      s.close();
    }
  });
});

// Two app instances share events through Redis; needs the PostgreSQL + Redis pass of CI.
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('two instances with Redis', () => {
  it('an event raised on one instance reaches a socket connected to the other', async () => {
    const one = await startHarness();
    const two = await startHarness({}, { shareWith: one });
    try {
      await listen(one);
      const url2 = await listen(two);
      const c = await one.company();
      const s = await socketFor(url2, c.admin.token);
      const got = collect(s, 'queue');
      await settle(300);
      await one.request('POST', '/queue', { token: c.admin.token, body: { name: 'Entre instâncias', color: '#654321' } });
      await settle(800);
      expect(got).toEqual([expect.objectContaining({ action: 'create', queue: expect.objectContaining({ name: 'Entre instâncias' }) })]);
    } finally {
      // The second instance first: the first one drops the test database, which must be unused.
      await two.close();
      await one.close();
    }
  });
});
