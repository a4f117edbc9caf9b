import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../platform/db/schema.js';
import { unsafeSystemDb } from '../../platform/db/tenant-scope.js';
import { startHarness, uniqueEmail, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Ana',
  email: uniqueEmail('ana'),
  password: 'senha-123',
  profile: 'user',
  ...over,
});
const countOf = async (s: Session) => (await h.request('GET', '/users/', { token: s.token })).body.count as number;
const queue = async (c: Company, name: string) =>
  (await h.request('POST', '/queue', { token: c.admin.token, body: { name, color: '#123456' } })).body as {
    id: number;
  };

describe('users: list and create', () => {
  it('needs a token on every route', async () => {
    for (const [method, url, body] of [
      ['GET', '/users/', undefined],
      ['POST', '/users', newUser()],
      ['GET', '/users/1', undefined],
      ['PUT', '/users/1', { name: 'X' }],
      ['DELETE', '/users/1', undefined],
      ['PUT', '/users/1/configs', { isDark: true }],
    ] as const) {
      expect(await h.request(method, url, { body })).toMatchObject({
        status: 401,
        body: { error: 'ERR_SESSION_EXPIRED' },
      });
    }
  });

  it('every profile lists the company, searched by name or email, a page at a time, with queues', async () => {
    const c = await h.company();
    const [q1, q2] = [await queue(c, 'Suporte'), await queue(c, 'Vendas')];
    const agent = await h.user(c, 'user', { queueIds: [q1.id, q2.id] });
    await h.user(c, 'supervisorfila', { queueIds: [q2.id] });
    for (const s of [c.admin, agent]) {
      const all = await h.request('GET', '/users/', { token: s.token });
      expect(all).toMatchObject({ status: 200, body: { count: 3, hasMore: false } });
    }
    const page = (await h.request('GET', '/users/?pageSize=2&pageNumber=1', { token: agent.token })).body;
    expect(page).toMatchObject({ count: 3, hasMore: true });
    expect(page.users).toHaveLength(2);
    const last = (await h.request('GET', '/users/?pageSize=2&pageNumber=2', { token: agent.token })).body;
    expect(last).toMatchObject({ count: 3, hasMore: false });
    const me = [...page.users, ...last.users].find((u: { id: number }) => u.id === agent.userId);
    expect(me.queues.map((q: { name: string }) => q.name)).toEqual(['Suporte', 'Vendas']);
    const byEmail = (
      await h.request('GET', `/users/?searchParam=${agent.email.slice(0, 10).toUpperCase()}`, { token: agent.token })
    ).body;
    expect(byEmail.users.map((u: { id: number }) => u.id)).toEqual([agent.userId]);
    expect((await h.request('GET', '/users/?searchParam=SUPERVISORFILA', { token: agent.token })).body.count).toBe(1);
    expect((await h.request('GET', '/users/?searchParam=%25', { token: agent.token })).body.count).toBe(0);
    const bad = await h.request('GET', '/users/?pageSize=0&pageNumber=x', { token: agent.token });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { pageSize: expect.any(String), pageNumber: expect.any(String) } },
    });
  });

  it("agents get colleagues' names, presence and queues only, and search by name only (issue 9, L9)", async () => {
    const c = await h.company();
    const agent = await h.user(c, 'user');
    const supervisor = await h.user(c, 'supervisor');
    const list = (await h.request('GET', '/users/', { token: agent.token })).body;
    expect(list.count).toBe(3);
    for (const u of list.users) expect(Object.keys(u).sort()).toEqual(['id', 'isOnline', 'name', 'queues', 'tenantId']);
    // The admin's email is in no name: an agent searching for it finds nobody.
    const term = c.admin.email.split('@')[0]!;
    expect((await h.request('GET', `/users/?searchParam=${term}`, { token: agent.token })).body.count).toBe(0);
    for (const s of [c.admin, supervisor]) {
      const full = (await h.request('GET', `/users/?searchParam=${term}`, { token: s.token })).body;
      expect(full.users).toEqual([expect.objectContaining({ id: c.admin.userId, email: c.admin.email, lastLoginAt: expect.any(String) })]);
    }
  });

  it('admin creates a user with queues who can then sign in', async () => {
    const q = await queue(a, 'Financeiro');
    const input = newUser({ queues: [q.id], profile: 'supervisor' });
    const res = await h.request('POST', '/users', { token: a.admin.token, body: input });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Ana',
      email: input.email,
      profile: 'supervisor',
      tenantId: a.tenantId,
      queues: [{ id: q.id, name: 'Financeiro' }],
    });
    expect(res.body.can).toEqual({ edit: true, delete: true, changeProfile: true });
    expect(JSON.stringify(res.body)).not.toMatch(/password|senha-123/i);
    expect((await h.login(input.email, 'senha-123')).userId).toBe(res.body.id);
  });

  it('rejects bad input with field keys and creates nothing', async () => {
    const before = await countOf(a.admin);
    const res = await h.request('POST', '/users', {
      token: a.admin.token,
      body: { name: ' ', email: 'not-an-email', password: '123', profile: 'boss', queues: ['x'] },
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(Object.keys(res.body.fields)).toEqual(
      expect.arrayContaining(['name', 'email', 'password', 'profile', 'queues.0']),
    );
    expect(res.body.fields).toMatchObject({
      name: 'validation.required',
      email: 'validation.email',
      password: 'validation.minLength|min=6',
    });
    expect(await countOf(a.admin)).toBe(before);
  });

  it('refuses an email taken in any company, and a queue of another company', async () => {
    const before = await countOf(a.admin);
    const dupOwn = await h.request('POST', '/users', {
      token: a.admin.token,
      body: newUser({ email: a.admin.email.toUpperCase() }),
    });
    expect(dupOwn).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    const dupOther = await h.request('POST', '/users', {
      token: a.admin.token,
      body: newUser({ email: b.admin.email }),
    });
    expect(dupOther.body).toEqual({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
    const foreign = await queue(b, 'De B');
    const res = await h.request('POST', '/users', { token: a.admin.token, body: newUser({ queues: [foreign.id] }) });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(await countOf(a.admin)).toBe(before);
  });

  it('only admins create users', async () => {
    for (const profile of ['user', 'supervisor', 'supervisorfila'] as const) {
      const s = await h.user(a, profile);
      const before = await countOf(a.admin);
      const res = await h.request('POST', '/users', { token: s.token, body: newUser() });
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await countOf(a.admin)).toBe(before);
    }
  });

  it("stops at the plan's user limit", async () => {
    const [plan] = await unsafeSystemDb(h.app.platform.db)
      .insert(plans)
      .values({ name: `Plano ${randomUUID().slice(0, 8)}`, maxUsers: 2, maxConnections: 1, value: 10 })
      .returning();
    const c = await h.company({ planId: plan!.id });
    expect((await h.request('POST', '/users', { token: c.admin.token, body: newUser() })).status).toBe(201);
    const res = await h.request('POST', '/users', { token: c.admin.token, body: newUser() });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_USER_LIMIT_REACHED' } });
    expect(await countOf(c.admin)).toBe(2);
  });

  it('holds the limit when admins create at the same time', async () => {
    const [plan] = await unsafeSystemDb(h.app.platform.db)
      .insert(plans)
      .values({ name: `Plano ${randomUUID().slice(0, 8)}`, maxUsers: 2, maxConnections: 1, value: 10 })
      .returning();
    const c = await h.company({ planId: plan!.id });
    const all = await Promise.all(
      [1, 2, 3].map(() => h.request('POST', '/users', { token: c.admin.token, body: newUser() })),
    );
    expect(all.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect(await countOf(c.admin)).toBe(2);
  });

  it('refuses when the company setting userCreation is disabled', async () => {
    const c = await h.company();
    await h.request('PUT', '/settings/userCreation', { token: c.admin.token, body: { value: 'disabled' } });
    const res = await h.request('POST', '/users', { token: c.admin.token, body: newUser() });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
    expect(await countOf(c.admin)).toBe(1);
  });

  it("lists only the caller's company, and not at all after the due date", async () => {
    const ids = (await h.request('GET', '/users/?pageSize=200', { token: b.admin.token })).body.users.map(
      (u: { tenantId: number }) => u.tenantId,
    );
    expect(new Set(ids)).toEqual(new Set([b.tenantId]));
    const late = await h.company({ dueDate: '2020-01-01' });
    expect(await h.request('GET', '/users/', { token: late.admin.token })).toMatchObject({
      status: 402,
      body: { error: 'ERR_PLAN_EXPIRED' },
    });
    expect((await h.request('GET', '/tenants/date/', { token: late.admin.token })).status).toBe(200);
  });
});

describe('users: read one and delete', () => {
  it('admins and supervisors read anyone; an agent only itself', async () => {
    const agent = await h.user(a, 'user');
    const other = await h.user(a, 'user');
    for (const profile of ['supervisor', 'supervisorfila'] as const) {
      const s = await h.user(a, profile);
      expect((await h.request('GET', `/users/${agent.userId}`, { token: s.token })).status).toBe(200);
    }
    const seen = await h.request('GET', `/users/${agent.userId}`, { token: a.admin.token });
    expect(seen.body).toMatchObject({ id: agent.userId, can: { edit: true, delete: true, changeProfile: true } });
    const self = await h.request('GET', `/users/${agent.userId}`, { token: agent.token });
    expect(self.body.can).toEqual({ edit: true, delete: false, changeProfile: false });
    const res = await h.request('GET', `/users/${other.userId}`, { token: agent.token });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await h.request('GET', '/users/abc', { token: agent.token })).body.error).toBe('ERR_VALIDATION');
  });

  it("another company's user answers 404 and is left alone", async () => {
    const victim = await h.user(b, 'user');
    const get = await h.request('GET', `/users/${victim.userId}`, { token: a.admin.token });
    expect(get).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    const del = await h.request('DELETE', `/users/${victim.userId}`, { token: a.admin.token });
    expect(del).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect((await h.request('GET', `/users/${victim.userId}`, { token: victim.token })).status).toBe(200);
  });

  it('admin deletes a user, whose session ends; never itself; agents never', async () => {
    const gone = await h.user(a, 'user');
    const agent = await h.user(a, 'user');
    const denied = await h.request('DELETE', `/users/${gone.userId}`, { token: agent.token });
    expect(denied).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await h.request('DELETE', `/users/${gone.userId}`, { token: a.admin.token })).status).toBe(204);
    expect((await h.request('GET', `/users/${gone.userId}`, { token: a.admin.token })).status).toBe(404);
    expect((await h.request('GET', '/users/', { token: gone.token })).status).toBe(401);
    const self = await h.request('DELETE', `/users/${a.admin.userId}`, { token: a.admin.token });
    expect(self).toMatchObject({ status: 409, body: { error: 'ERR_CANNOT_DELETE_SELF' } });
    expect((await h.request('DELETE', '/users/0', { token: a.admin.token })).body.error).toBe('ERR_VALIDATION');
  });
});
