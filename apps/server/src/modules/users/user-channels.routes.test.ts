// A user's channels through the users API (SPEC §3 User "channels"): set on create and update,
// shown to admins, every id a channel of the company, and a change cuts the user's sockets.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';

let h: Harness;
let a: Company;
let b: Company;
let chA1: number;
let chA2: number;
let chB: number;
const open: Socket[] = [];

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  const fa = ticketFactories(h.app.platform.db, a.tenantId);
  chA1 = (await fa.channel()).id;
  chA2 = (await fa.channel()).id;
  chB = (await ticketFactories(h.app.platform.db, b.tenantId).channel()).id;
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await h.close();
});

let n = 0;
const newUser = (over: Record<string, unknown> = {}) => ({
  name: `Limitada ${++n}`,
  email: `limitada-${n}-${Date.now()}@prosa.test`,
  password: 'segredo-forte-1',
  profile: 'user',
  ...over,
});
const channelsOf = async (id: number) =>
  (await h.request('GET', `/users/${id}`, { token: a.admin.token })).body.channelIds as number[];

describe("a user's channels in the users API", () => {
  it('an admin creates a user limited to channels and sees them; empty means every channel', async () => {
    const created = await h.request('POST', '/users', { token: a.admin.token, body: newUser({ channelIds: [chA2, chA1] }) });
    expect(created.status).toBe(201);
    expect(created.body.channelIds).toEqual([chA1, chA2].sort((x, y) => x - y));
    expect(await channelsOf(created.body.id)).toEqual([chA1, chA2].sort((x, y) => x - y));
    const free = await h.request('POST', '/users', { token: a.admin.token, body: newUser() });
    expect(free.body.channelIds).toEqual([]);
    const list = await h.request('GET', `/users/?searchParam=${encodeURIComponent(created.body.name)}`, {
      token: a.admin.token,
    });
    expect(list.body.users[0]).toMatchObject({ id: created.body.id, channelIds: expect.any(Array) });
  });

  it('an admin changes and clears them', async () => {
    const u = (await h.request('POST', '/users', { token: a.admin.token, body: newUser() })).body;
    const put = await h.request('PUT', `/users/${u.id}`, { token: a.admin.token, body: { channelIds: [chA1] } });
    expect(put).toMatchObject({ status: 200, body: { channelIds: [chA1] } });
    expect(await channelsOf(u.id)).toEqual([chA1]);
    // Fields left out keep the channels.
    await h.request('PUT', `/users/${u.id}`, { token: a.admin.token, body: { name: 'Outro nome' } });
    expect(await channelsOf(u.id)).toEqual([chA1]);
    await h.request('PUT', `/users/${u.id}`, { token: a.admin.token, body: { channelIds: [] } });
    expect(await channelsOf(u.id)).toEqual([]);
  });

  it("another company's channel id is a field error, and nothing changes", async () => {
    const u = (await h.request('POST', '/users', { token: a.admin.token, body: newUser({ channelIds: [chA1] }) })).body;
    for (const channelIds of [[chB], [chA2, chB], [2_000_000_000]]) {
      const put = await h.request('PUT', `/users/${u.id}`, { token: a.admin.token, body: { channelIds } });
      expect(put).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: { channelIds: 'userChannels.notFound' } },
      });
    }
    expect(await channelsOf(u.id)).toEqual([chA1]);
    const email = `nunca-${Date.now()}@prosa.test`;
    const post = await h.request('POST', '/users', { token: a.admin.token, body: newUser({ email, channelIds: [chB] }) });
    expect(post).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { channelIds: 'userChannels.notFound' } } });
    const found = await h.request('GET', `/users/?searchParam=${encodeURIComponent(email)}`, { token: a.admin.token });
    expect(found.body.users).toEqual([]);
  });

  it('bad input, no token, wrong profile and another company', async () => {
    const u = (await h.request('POST', '/users', { token: a.admin.token, body: newUser({ channelIds: [chA1] }) })).body;
    for (const channelIds of [['x'], [0], [-1], 'all']) {
      const res = await h.request('PUT', `/users/${u.id}`, { token: a.admin.token, body: { channelIds } });
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect((await h.request('PUT', `/users/${u.id}`, { body: { channelIds: [] } })).status).toBe(401);
    // An agent may not lift its own limit, nor change another's.
    const agent = await h.login(u.email, 'segredo-forte-1');
    const self = await h.request('PUT', `/users/${u.id}`, { token: agent.token, body: { channelIds: [] } });
    expect(self).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    // Sending its channels unchanged is not a change.
    expect((await h.request('PUT', `/users/${u.id}`, { token: agent.token, body: { channelIds: [chA1] } })).status).toBe(200);
    // Another company's admin: the user does not exist for it.
    const other = await h.request('PUT', `/users/${u.id}`, { token: b.admin.token, body: { channelIds: [chB] } });
    expect(other).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect((await h.request('GET', `/users/${u.id}`, { token: b.admin.token })).status).toBe(404);
    expect(await channelsOf(u.id)).toEqual([chA1]);
  });

  it("changing a user's channels cuts its sockets (they reconnect into the right rooms)", async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    const admin: Session = await h.user(a, 'admin');
    const s = connect(url, { auth: { token: admin.token }, transports: ['websocket'], reconnection: false });
    open.push(s);
    const cut = new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const put = await h.request('PUT', `/users/${admin.userId}`, { token: a.admin.token, body: { channelIds: [chA1] } });
    expect(put.status).toBe(200);
    expect(await cut).toBe('io server disconnect');
    // The session itself lives on: the token still works.
    expect((await h.request('GET', '/auth/me', { token: admin.token })).status).toBe(200);
  });
});
