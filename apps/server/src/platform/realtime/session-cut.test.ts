// A revoked session's sockets are cut on every instance (issue 9, H1); a socket whose user's
// queues change is cut so that it reconnects into its new rooms.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

const open: Socket[] = [];
afterAll(() => open.forEach((s) => s.close()));

async function listen(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
}

/** A connected socket, and a promise of the reason it is disconnected for. */
async function socketFor(url: string, token: string): Promise<{ s: Socket; cut: Promise<string> }> {
  const s = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  open.push(s);
  const cut = new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (e) => reject(e));
  });
  return { s, cut };
}

/** Resolves with the first `event` payload matching `match`. */
function next(s: Socket, event: string, match: (p: { tag?: { name?: string } }) => boolean): Promise<unknown> {
  return new Promise((resolve) => {
    const on = (p: { tag?: { name?: string } }) => {
      if (!match(p)) return;
      s.off(event, on);
      resolve(p);
    };
    s.on(event, on);
  });
}

/**
 * Proves `s` receives the company's events: a tag created now reaches it. A socket just connected
 * joins the company's room after reading its session and queues, so a tag created in that moment
 * may pass it by: another one is created until one arrives (each waited for up to 2 s, 10 tries).
 */
async function stillReceives(h: Harness, s: Socket, admin: Session): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const name = `vivo-${Math.random().toString(36).slice(2, 8)}`;
    let timer: NodeJS.Timeout | undefined;
    const got = next(s, 'tag', (p) => p.tag?.name === name).then(() => true);
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2000)));
    expect((await h.request('POST', '/tags', { token: admin.token, body: { name, color: '#112233' } })).status).toBe(201);
    const arrived = await Promise.race([got, late]);
    clearTimeout(timer);
    if (arrived) return;
    if (attempt >= 10) throw new Error('the socket received none of 10 tag events');
  }
}

describe('revoking a session cuts its sockets', () => {
  let h: Harness;
  let url: string;
  let a: Company;
  beforeAll(async () => {
    h = await startHarness();
    url = await listen(h);
    a = await h.company();
  });
  afterAll(() => h.close());

  it('logout cuts the sockets of that session only', async () => {
    const s1 = await h.login(a.admin.email);
    const s2 = await h.login(a.admin.email);
    const one = await socketFor(url, s1.token);
    const two = await socketFor(url, s2.token);
    expect((await h.request('POST', '/auth/logout/', { token: s1.token })).status).toBe(204);
    expect(await one.cut).toBe('io server disconnect');
    await stillReceives(h, two.s, a.admin);
    // The revoked token cannot open a new one either.
    await expect(socketFor(url, s1.token)).rejects.toThrow(/ERR_SESSION_EXPIRED/);
  });

  it("lowering a user's profile cuts its sockets, not the admin's who did it", async () => {
    const other = await h.user(a, 'admin');
    const victim = await socketFor(url, other.token);
    const mine = await socketFor(url, a.admin.token);
    const res = await h.request('PUT', `/users/${other.userId}`, { token: a.admin.token, body: { profile: 'user' } });
    expect(res.status).toBe(200);
    expect(await victim.cut).toBe('io server disconnect');
    await stillReceives(h, mine.s, a.admin);
  });

  it('deleting a user cuts its sockets', async () => {
    const agent = await h.user(a, 'user');
    const sock = await socketFor(url, agent.token);
    expect((await h.request('DELETE', `/users/${agent.userId}`, { token: a.admin.token })).status).toBe(204);
    expect(await sock.cut).toBe('io server disconnect');
  });

  it("an admin's password change cuts the user's sockets", async () => {
    const agent = await h.user(a, 'user');
    const sock = await socketFor(url, agent.token);
    const body = { password: 'another-pass-9' };
    expect((await h.request('PUT', `/users/${agent.userId}`, { token: a.admin.token, body })).status).toBe(200);
    expect(await sock.cut).toBe('io server disconnect');
  });

  it("the platform operator's change of a user's profile cuts that user's sockets", async () => {
    const op = await h.operator();
    const agent = await h.user(a, 'supervisor');
    const sock = await socketFor(url, agent.token);
    expect((await h.request('PUT', `/admin/users/${agent.userId}`, { token: op.token, body: { profile: 'user' } })).status).toBe(200);
    expect(await sock.cut).toBe('io server disconnect');
  });

  it("deactivating a company cuts its sockets, and they cannot come back; other companies' stay", async () => {
    const op = await h.operator();
    const c = await h.company();
    const theirs = await socketFor(url, c.admin.token);
    const mine = await socketFor(url, a.admin.token);
    expect((await h.request('PUT', `/admin/status/tenant/${c.tenantId}`, { token: op.token })).status).toBe(200);
    expect(await theirs.cut).toBe('io server disconnect');
    await expect(socketFor(url, c.admin.token)).rejects.toThrow(/ERR_TENANT_INACTIVE/);
    await stillReceives(h, mine.s, a.admin);
  });

  it('a new login with block-multiple-logins cuts the older session sockets', async () => {
    const agent = await h.user(a, 'user', { blockMultipleLogins: true });
    const sock = await socketFor(url, agent.token);
    await h.login(agent.email);
    expect(await sock.cut).toBe('io server disconnect');
  });

  it('an old refresh secret coming back cuts the session sockets; a made-up one changes nothing', async () => {
    const s = await h.login(a.admin.email);
    const sock = await socketFor(url, s.token);
    const forged = `${s.cookie.split('.')[0]}.wrong`;
    expect((await h.request('POST', '/auth/refresh_token', { cookie: forged })).status).toBe(401);
    await stillReceives(h, sock.s, a.admin);
    const r1 = await h.request('POST', '/auth/refresh_token', { cookie: s.cookie });
    const c1 = String(r1.headers['set-cookie']).split(';')[0]!;
    expect((await h.request('POST', '/auth/refresh_token', { cookie: c1 })).status).toBe(200);
    // The first secret, two rotations old, is a copy: the session ends, sockets included.
    expect((await h.request('POST', '/auth/refresh_token', { cookie: s.cookie })).status).toBe(401);
    expect(await sock.cut).toBe('io server disconnect');
  });

  it("changing a user's queues cuts its sockets, which reconnect into the new queue rooms", async () => {
    const q = await h.request('POST', '/queue', { token: a.admin.token, body: { name: 'Nova fila', color: '#345678' } });
    const agent = await h.user(a, 'user');
    const sock = await socketFor(url, agent.token);
    // Its rooms are all joined (the company's is the last) before the change that cuts them.
    await stillReceives(h, sock.s, a.admin);
    const res = await h.request('PUT', `/users/${agent.userId}`, { token: a.admin.token, body: { queues: [q.body.id] } });
    expect(res.status).toBe(200);
    expect(await sock.cut).toBe('io server disconnect');
    // The session is still valid: the same token connects again.
    const again = await socketFor(url, agent.token);
    await stillReceives(h, again.s, a.admin);
  });
});

// The revoked user's socket on the other instance is cut too; needs the PostgreSQL + Redis pass.
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('two instances with Redis', () => {
  it('a revocation on one instance cuts the socket connected to the other', async () => {
    const one = await startHarness();
    const two = await startHarness({}, { shareWith: one });
    try {
      await listen(one);
      const url2 = await listen(two);
      const c = await one.company();
      const agent = await one.user(c, 'supervisor');
      const sock = await socketFor(url2, agent.token);
      const watcher = await socketFor(url2, c.admin.token);
      expect((await one.request('PUT', `/users/${agent.userId}`, { token: c.admin.token, body: { profile: 'user' } })).status).toBe(200);
      expect(await sock.cut).toBe('io server disconnect');
      const deleted = await one.user(c, 'user');
      const sock2 = await socketFor(url2, deleted.token);
      expect((await one.request('DELETE', `/users/${deleted.userId}`, { token: c.admin.token })).status).toBe(204);
      expect(await sock2.cut).toBe('io server disconnect');
      await stillReceives(one, watcher.s, c.admin);
    } finally {
      // The second instance first: the first one drops the test database, which must be unused.
      await two.close();
      await one.close();
    }
  });
});
