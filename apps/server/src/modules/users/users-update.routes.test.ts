// PUT /users/:id and PUT /users/:id/configs (the rest of the users routes: users.routes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startHarness, uniqueEmail, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;
const support = uniqueEmail('support');

beforeAll(async () => {
  h = await startHarness({ supportEmails: [support] });
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

const get = async (s: Session, id = s.userId) => (await h.request('GET', `/users/${id}`, { token: s.token })).body;
const put = (s: Session, id: number, body: unknown) => h.request('PUT', `/users/${id}`, { token: s.token, body });
const alive = async (s: Session) => (await h.request('GET', '/users/', { token: s.token })).status === 200;

describe('PUT /users/:id', () => {
  it('admin edits anyone of the company: name, email, profile and queues', async () => {
    const q = (await h.request('POST', '/queue', { token: a.admin.token, body: { name: 'Q1', color: '#111111' } }))
      .body;
    const agent = await h.user(a, 'user');
    const email = uniqueEmail('novo');
    const res = await put(a.admin, agent.userId, {
      name: 'Bia',
      email,
      profile: 'supervisorfila',
      queues: [q.id],
      ignoreWallet: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Bia',
      email,
      profile: 'supervisorfila',
      ignoreWallet: true,
      queues: [{ id: q.id }],
    });
    expect((await put(a.admin, agent.userId, { queues: [] })).body.queues).toEqual([]);
  });

  it('an agent edits its own name, email and password, and may resend unchanged fields', async () => {
    const agent = await h.user(a, 'user');
    const res = await put(agent, agent.userId, {
      name: 'Eu mesmo',
      profile: 'user',
      queues: [],
      ignoreWallet: false,
      password: '',
    });
    expect(res).toMatchObject({ status: 200, body: { name: 'Eu mesmo', can: { changeProfile: false } } });
    expect((await put(agent, agent.userId, { password: 'nova-senha-1' })).status).toBe(200);
    await expect(h.login(agent.email, PASSWORD)).rejects.toThrow();
    expect((await h.login(agent.email, 'nova-senha-1')).userId).toBe(agent.userId);
  });

  it('an agent never edits others nor its own rights', async () => {
    const agent = await h.user(a, 'user');
    const other = await h.user(a, 'user');
    const q = (await h.request('POST', '/queue', { token: a.admin.token, body: { name: 'Q2', color: '#222222' } }))
      .body;
    const before = await get(agent);
    for (const [id, body] of [
      [other.userId, { name: 'Hacked' }],
      [agent.userId, { profile: 'admin' }],
      [agent.userId, { profile: 'supervisor' }],
      [agent.userId, { queues: [q.id] }],
      [agent.userId, { ignoreWallet: true }],
      [agent.userId, { blockMultipleLogins: true }],
    ] as const) {
      expect(await put(agent, id, body)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect(await get(agent)).toEqual(before);
    expect((await get(a.admin, other.userId)).name).not.toBe('Hacked');
  });

  it('an agent cannot become admin by taking a support email (issue 9, H2)', async () => {
    const agent = await h.user(a, 'user');
    expect(await put(agent, agent.userId, { email: support.toUpperCase() })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await get(agent)).toMatchObject({ email: agent.email });
    expect((await h.request('GET', '/auth/me', { token: agent.token })).body).toMatchObject({ isAdmin: false });
    const created = { name: 'X', email: uniqueEmail(), password: PASSWORD, profile: 'admin', queues: [] };
    expect((await h.request('POST', '/users', { token: agent.token, body: created })).status).toBe(403);
  });

  it("an admin giving or taking a support email ends that user's sessions (its rights change)", async () => {
    const agent = await h.user(a, 'user');
    expect((await put(a.admin, agent.userId, { email: support })).status).toBe(200);
    expect(await alive(agent)).toBe(false);
    const again = await h.login(support);
    expect((await h.request('GET', '/auth/me', { token: again.token })).body).toMatchObject({ isAdmin: true });
    expect((await put(a.admin, agent.userId, { email: uniqueEmail() })).status).toBe(200);
    expect(await alive(again)).toBe(false);
  });

  it('taken emails are answered 429 past the failure limit, per user (issue 9, L5)', async () => {
    const agent = await h.user(a, 'user');
    for (let i = 0; i < h.config.loginMaxFailures; i++) {
      expect(await put(agent, agent.userId, { email: b.admin.email })).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    }
    const free = uniqueEmail('livre');
    expect(await put(agent, agent.userId, { email: free })).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
    expect(await get(agent)).toMatchObject({ email: agent.email });
    // Its other edits go on; another user is not affected.
    expect((await put(agent, agent.userId, { name: 'Sem email' })).status).toBe(200);
    const other = await h.user(a, 'user');
    expect((await put(other, other.userId, { email: free })).status).toBe(200);
  });

  it('an admin cannot drop its own admin profile, so the company keeps an admin', async () => {
    const res = await put(a.admin, a.admin.userId, { profile: 'user' });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await get(a.admin)).profile).toBe('admin');
    expect((await put(a.admin, a.admin.userId, { profile: 'admin', name: 'Chefe' })).body).toMatchObject({
      name: 'Chefe',
      profile: 'admin',
    });
    // Another admin may be demoted by this one.
    const second = await h.user(a, 'admin');
    expect((await put(a.admin, second.userId, { profile: 'user' })).body.profile).toBe('user');
  });

  it('rejects bad input with field keys and a taken email, changing nothing', async () => {
    const agent = await h.user(a, 'user');
    const before = await get(a.admin, agent.userId);
    const bad = await put(a.admin, agent.userId, {
      name: '',
      email: 'x@',
      profile: 'root',
      password: '12',
      queues: [-1],
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(Object.keys(bad.body.fields)).toEqual(
      expect.arrayContaining(['name', 'email', 'profile', 'password', 'queues.0']),
    );
    expect((await put(a.admin, agent.userId, { email: b.admin.email })).body).toEqual({
      error: 'ERR_EMAIL_ALREADY_EXISTS',
    });
    const foreign = (
      await h.request('POST', '/queue', { token: b.admin.token, body: { name: 'QB', color: '#333333' } })
    ).body;
    expect((await put(a.admin, agent.userId, { queues: [foreign.id] })).body).toEqual({ error: 'ERR_NO_QUEUE_FOUND' });
    expect(await get(a.admin, agent.userId)).toEqual(before);
  });

  it("another company's user answers 404 and is left unchanged", async () => {
    const victim = await h.user(b, 'user');
    const before = await get(victim);
    const res = await put(a.admin, victim.userId, { name: 'Hacked', profile: 'admin', password: 'hacked-123' });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(await get(victim)).toEqual(before);
    expect(await alive(victim)).toBe(true);
  });

  it('a new profile ends all the sessions of that user', async () => {
    const agent = await h.user(a, 'user');
    const second = await h.login(agent.email);
    expect((await put(a.admin, agent.userId, { profile: 'supervisor' })).status).toBe(200);
    expect(await alive(agent)).toBe(false);
    expect(await alive(second)).toBe(false);
    expect(await alive(a.admin)).toBe(true);
    expect((await h.login(agent.email)).userId).toBe(agent.userId);
  });

  it("a new password ends the user's other sessions but not the caller's own", async () => {
    const agent = await h.user(a, 'user');
    const other = await h.login(agent.email);
    expect((await put(agent, agent.userId, { password: 'trocada-123' })).status).toBe(200);
    expect(await alive(agent)).toBe(true);
    expect(await alive(other)).toBe(false);
    // A name change alone ends nothing.
    const third = await h.login(agent.email, 'trocada-123');
    await put(agent, agent.userId, { name: 'Só o nome' });
    expect(await alive(third)).toBe(true);
  });
});

describe('PUT /users/:id/configs', () => {
  it('the user merges its own configs and gets them all back', async () => {
    const agent = await h.user(a, 'user');
    const url = `/users/${agent.userId}/configs`;
    const first = await h.request('PUT', url, {
      token: agent.token,
      body: { filtrosAtendimento: { showAll: true, queuesIds: [3] } },
    });
    expect(first).toMatchObject({
      status: 200,
      body: { isDark: false, filtrosAtendimento: { showAll: true, queuesIds: [3] } },
    });
    const second = await h.request('PUT', url, { token: agent.token, body: { isDark: true } });
    expect(second.body).toMatchObject({ isDark: true, filtrosAtendimento: { showAll: true, queuesIds: [3] } });
    expect((await get(agent)).configs).toEqual(second.body);
    // Configs are personal: an admin reading the user sees the defaults.
    expect((await get(a.admin, agent.userId)).configs.isDark).toBe(false);
  });

  it("rejects bad input, other users' configs and other companies'", async () => {
    const agent = await h.user(a, 'user');
    const url = `/users/${agent.userId}/configs`;
    await h.request('PUT', url, { token: agent.token, body: { isDark: true } });
    const bad = await h.request('PUT', url, { token: agent.token, body: { isDark: 'yes', language: 'de' } });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { isDark: expect.any(String), language: expect.any(String) } },
    });
    const admin = await h.request('PUT', url, { token: a.admin.token, body: { isDark: false } });
    expect(admin).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const foreign = await h.request('PUT', url, { token: b.admin.token, body: { isDark: false } });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect((await get(agent)).configs.isDark).toBe(true);
  });
});
