import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;
let agentA: Session;
let agentB: Session;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  agentA = await h.user(a, 'user');
  agentB = await h.user(b, 'user');
});
afterAll(() => h.close());

const body = { name: 'Vendas', active: true, userIds: [] as number[] };
type TeamOut = { id: number; name: string; active: boolean; userIds: number[] };
const create = async (c: Company, name: string, userIds: number[] = []) =>
  (await h.request('POST', '/teams', { token: c.admin.token, body: { ...body, name, userIds } })).body as TeamOut;
const listOf = async (c: Company) => (await h.request('GET', '/teams', { token: c.admin.token })).body as TeamOut[];

describe('teams', () => {
  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/teams'],
      ['POST', '/teams'],
      ['PUT', '/teams/1'],
      ['DELETE', '/teams/1'],
      ['PUT', '/users/1/teams'],
    ] as const) {
      const res = await h.request(method, url, { body: method === 'GET' || method === 'DELETE' ? undefined : body });
      expect(res).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    }
  });

  it('an admin creates a team with members, lists, renames, deactivates and deletes it', async () => {
    const created = await h.request('POST', '/teams', {
      token: a.admin.token,
      body: { ...body, userIds: [agentA.userId, a.admin.userId, agentA.userId] },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Vendas', active: true, userIds: [a.admin.userId, agentA.userId].sort((x, y) => x - y) },
    });
    const id = created.body.id as number;
    expect((await listOf(a)).find((t) => t.id === id)).toMatchObject({ name: 'Vendas' });
    const updated = await h.request('PUT', `/teams/${id}`, {
      token: a.admin.token,
      body: { name: 'Vendas 2', active: false, userIds: [agentA.userId] },
    });
    expect(updated).toMatchObject({ status: 200, body: { name: 'Vendas 2', active: false, userIds: [agentA.userId] } });
    expect((await h.request('DELETE', `/teams/${id}`, { token: a.admin.token })).status).toBe(204);
    expect((await listOf(a)).find((t) => t.id === id)).toBeUndefined();
    expect(await h.request('DELETE', `/teams/${id}`, { token: a.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TEAM_FOUND' },
    });
  });

  it('rejects bad input with its code and changes nothing', async () => {
    const t = await create(a, 'Intacta');
    const before = await listOf(a);
    expect(
      await h.request('POST', '/teams', { token: a.admin.token, body: { name: '  ', userIds: ['x'] } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { name: 'validation.required' } },
    });
    expect(
      (await h.request('PUT', `/teams/${t.id}`, { token: a.admin.token, body: { ...body, name: 'x'.repeat(61) } }))
        .body,
    ).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'validation.max' } });
    expect((await h.request('PUT', '/teams/abc', { token: a.admin.token, body })).body.error).toBe('ERR_VALIDATION');
    expect(
      await h.request('POST', '/teams', { token: a.admin.token, body: { ...body, name: 'Intacta' } }),
    ).toMatchObject({
      status: 409,
      body: { error: 'ERR_TEAM_EXISTS' },
    });
    expect(await listOf(a)).toEqual(before);
  });

  it('an agent or supervisor may not read or change teams', async () => {
    const t = await create(a, 'Fechada');
    const sup = await h.user(a, 'supervisor');
    for (const s of [agentA, sup]) {
      for (const [method, url] of [
        ['GET', '/teams'],
        ['POST', '/teams'],
        ['PUT', `/teams/${t.id}`],
        ['DELETE', `/teams/${t.id}`],
        ['PUT', `/users/${s.userId}/teams`],
      ] as const) {
        const payload =
          method === 'GET' || method === 'DELETE' ? undefined : url.includes('users') ? { teamIds: [t.id] } : body;
        const res = await h.request(method, url, { token: s.token, body: payload });
        expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      }
    }
    expect((await listOf(a)).find((x) => x.id === t.id)).toMatchObject({ name: 'Fechada', userIds: [] });
  });

  it("another company's team and users answer 404 and nothing changes", async () => {
    const t = await create(a, 'Privada', [agentA.userId]);
    expect(
      await h.request('PUT', `/teams/${t.id}`, { token: b.admin.token, body: { ...body, name: 'Hacked' } }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEAM_FOUND' } });
    expect((await h.request('DELETE', `/teams/${t.id}`, { token: b.admin.token })).status).toBe(404);
    // B may not put A's user in its team, nor its user in A's team.
    expect(
      await h.request('POST', '/teams', {
        token: b.admin.token,
        body: { ...body, name: 'B', userIds: [agentA.userId] },
      }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(
      await h.request('PUT', `/users/${agentB.userId}/teams`, { token: a.admin.token, body: { teamIds: [t.id] } }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(
      await h.request('PUT', `/users/${agentA.userId}/teams`, { token: b.admin.token, body: { teamIds: [] } }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect((await listOf(b)).map((x) => x.name)).not.toContain('B');
    expect((await listOf(b)).find((x) => x.id === t.id)).toBeUndefined();
    expect((await listOf(a)).find((x) => x.id === t.id)).toMatchObject({ name: 'Privada', userIds: [agentA.userId] });
  });

  it("the users screen sets a user's teams, and teams filter the users list", async () => {
    const t1 = await create(a, 'Suporte');
    const t2 = await create(a, 'Financeiro');
    const other = await create(b, 'Alheia');
    expect(
      await h.request('PUT', `/users/${agentA.userId}/teams`, {
        token: a.admin.token,
        body: { teamIds: [t1.id, other.id] },
      }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_TEAM_FOUND' } });
    const res = await h.request('PUT', `/users/${agentA.userId}/teams`, {
      token: a.admin.token,
      body: { teamIds: [t2.id, t1.id] },
    });
    expect(res).toMatchObject({ status: 200, body: { teamIds: [t1.id, t2.id].sort((x, y) => x - y) } });
    const list = await h.request('GET', `/users/?teamId=${t1.id}`, { token: a.admin.token });
    expect(list.body.users.map((u: { id: number }) => u.id)).toEqual([agentA.userId]);
    const none = await h.request('GET', `/users/?teamId=${other.id}`, { token: a.admin.token });
    expect(none.body).toMatchObject({ users: [], count: 0 });
  });
});
