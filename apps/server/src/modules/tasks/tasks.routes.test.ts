import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEmitter } from '../../platform/realtime/publish.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;
let other: Session;
let supervisor: Session;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  agent = await h.user(a, 'user');
  other = await h.user(a, 'user');
  supervisor = await h.user(a, 'supervisor');
});
afterAll(() => h.close());

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const body = (ownerId: number, extra: Record<string, unknown> = {}) => ({
  name: 'Ligar para o cliente',
  description: 'Confirmar o pedido',
  limitDate: inDays(2),
  ownerId,
  priority: 'high',
  ...extra,
});
const create = async (s: Session, extra: Record<string, unknown> = {}, ownerId = s.userId) => {
  const res = await h.request('POST', '/tasks', { token: s.token, body: body(ownerId, extra) });
  expect(res.status).toBe(201);
  return res.body as { id: number; status: string; name: string };
};
const list = async (s: Session, query = '') =>
  (await h.request('GET', `/tasks${query}`, { token: s.token })).body as {
    tasks: { id: number; name: string; status: string }[];
    count: number;
    hasMore: boolean;
  };
const adminList = (c: Company) => list(c.admin, '?pageSize=200');

describe('tasks', () => {
  it('needs a token', async () => {
    expect((await h.request('GET', '/tasks')).status).toBe(401);
    expect((await h.request('POST', '/tasks', { body: body(1) })).body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    expect((await h.request('POST', '/tasks/summary', { body: {} })).status).toBe(401);
    expect((await h.request('PUT', '/tasks/1', { body: body(1) })).status).toBe(401);
    expect((await h.request('DELETE', '/tasks/1')).status).toBe(401);
  });

  it('creates, lists, updates, finishes, reopens and deletes', async () => {
    const t = await create(agent, { name: 'Ciclo' });
    expect(t).toMatchObject({ name: 'Ciclo', status: 'pending', priority: 'high', owner: { id: agent.userId } });
    expect(t).toMatchObject({ creator: { id: agent.userId }, can: { edit: true, delete: true } });
    expect((await list(agent)).tasks.map((x) => x.id)).toContain(t.id);
    const done = await h.request('PUT', `/tasks/${t.id}`, {
      token: agent.token,
      body: body(agent.userId, { name: 'Ciclo 2', status: 'finished', priority: 'low' }),
    });
    expect(done).toMatchObject({ status: 200, body: { name: 'Ciclo 2', status: 'finished', priority: 'low' } });
    expect(done.body.finishedAt).toEqual(expect.any(String));
    const reopened = await h.request('PUT', `/tasks/${t.id}`, {
      token: agent.token,
      body: body(agent.userId, { status: 'pending' }),
    });
    expect(reopened.body).toMatchObject({ status: 'pending', finishedAt: null });
    expect((await h.request('DELETE', `/tasks/${t.id}`, { token: agent.token })).status).toBe(204);
    expect(await h.request('PUT', `/tasks/${t.id}`, { token: agent.token, body: body(agent.userId) })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TASK_FOUND' },
    });
  });

  it('shows a pending task past its limit as delayed, and filters by it', async () => {
    const late = await create(other, { name: 'Atrasada', limitDate: inDays(-1), priority: 'medium' });
    const onTime = await create(other, { name: 'Em dia' });
    expect(late.status).toBe('delayed');
    const delayed = await list(other, '?status=delayed');
    expect(delayed.tasks.map((x) => x.id)).toEqual([late.id]);
    expect((await list(other, '?status=pending')).tasks.map((x) => x.id)).toEqual([onTime.id]);
    expect((await list(other, '?priority=medium')).tasks.map((x) => x.id)).toEqual([late.id]);
    expect((await list(other, '?searchParam=atras')).tasks.map((x) => x.id)).toEqual([late.id]);
    expect(await list(a.admin, `?ownerId=${other.userId}&pageSize=1`)).toMatchObject({ count: 2, hasMore: true });
  });

  it('rejects bad input with a code and changes nothing', async () => {
    const t = await create(agent, { name: 'Intacta' });
    const before = await adminList(a);
    const res = await h.request('POST', '/tasks', {
      token: agent.token,
      body: { name: ' ', description: '', limitDate: 'amanhã', priority: 'urgent' },
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: {
          name: 'validation.required',
          description: 'validation.required',
          limitDate: 'validation.invalidDate',
          ownerId: 'validation.required',
          priority: 'validation.required',
        },
      },
    });
    // An owner of another company is no user here.
    const foreignOwner = await h.request('PUT', `/tasks/${t.id}`, { token: agent.token, body: body(b.admin.userId) });
    expect(foreignOwner).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { ownerId: 'validation.invalidValue' } },
    });
    const badStatus = await h.request('PUT', `/tasks/${t.id}`, {
      token: agent.token,
      body: body(agent.userId, { status: 'delayed' }),
    });
    expect(badStatus.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { status: 'validation.invalidValue' } });
    expect((await h.request('PUT', '/tasks/abc', { token: agent.token, body: body(agent.userId) })).body.error).toBe(
      'ERR_VALIDATION',
    );
    expect((await h.request('DELETE', '/tasks/0', { token: agent.token })).body.error).toBe('ERR_VALIDATION');
    expect((await h.request('GET', '/tasks?status=late', { token: agent.token })).body.error).toBe('ERR_VALIDATION');
    expect(await adminList(a)).toEqual(before);
  });

  it("a user sees only tasks they own or created; another's answers 404 and is left unchanged", async () => {
    const mine = await create(agent, { name: 'Minha' });
    const given = await create(agent, { name: 'Para o outro' }, other.userId);
    const theirs = await create(other, { name: 'Do outro' });
    const seen = (await list(agent, '?pageSize=200')).tasks.map((x) => x.id);
    expect(seen).toEqual(expect.arrayContaining([mine.id, given.id]));
    expect(seen).not.toContain(theirs.id);
    // The owner sees what was given to them, and may finish it.
    expect((await list(other, '?pageSize=200')).tasks.map((x) => x.id)).toContain(given.id);
    for (const [method, payload] of [
      ['PUT', body(agent.userId, { name: 'Hacked' })],
      ['DELETE', undefined],
    ] as const) {
      const res = await h.request(method, `/tasks/${theirs.id}`, { token: agent.token, body: payload });
      expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_TASK_FOUND' } });
    }
    expect((await adminList(a)).tasks.find((x) => x.id === theirs.id)).toMatchObject({ name: 'Do outro' });
    // An owner may hand their task to someone else: the save is answered, then it is out of sight.
    const handed = await create(a.admin, { name: 'Repassada' }, agent.userId);
    const hand = await h.request('PUT', `/tasks/${handed.id}`, { token: agent.token, body: body(other.userId) });
    expect(hand).toMatchObject({ status: 200, body: { owner: { id: other.userId } } });
    expect((await list(agent, '?pageSize=200')).tasks.map((x) => x.id)).not.toContain(handed.id);
    // Admins and supervisors see and change the whole company's.
    for (const s of [a.admin, supervisor])
      expect((await list(s, '?pageSize=200')).tasks.map((x) => x.id)).toContain(theirs.id);
    const byAdmin = await h.request('PUT', `/tasks/${theirs.id}`, {
      token: supervisor.token,
      body: body(other.userId, { name: 'Revista' }),
    });
    expect(byAdmin).toMatchObject({ status: 200, body: { name: 'Revista' } });
  });

  it("another company's task answers 404 and is left unchanged", async () => {
    const t = await create(a.admin, { name: 'Privada' });
    const put = await h.request('PUT', `/tasks/${t.id}`, { token: b.admin.token, body: body(b.admin.userId) });
    expect(put).toMatchObject({ status: 404, body: { error: 'ERR_NO_TASK_FOUND' } });
    expect(await h.request('DELETE', `/tasks/${t.id}`, { token: b.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TASK_FOUND' },
    });
    expect((await adminList(b)).tasks.find((x) => x.id === t.id)).toBeUndefined();
    expect((await h.request('POST', '/tasks/summary', { token: b.admin.token, body: {} })).body.total).toBe(0);
    expect((await adminList(a)).tasks.find((x) => x.id === t.id)).toMatchObject({ name: 'Privada' });
  });

  it('summarises by status and priority: own tasks for a user, the company for admins', async () => {
    const c = await h.company();
    const u = await h.user(c, 'user');
    const mk = (s: Session, extra: Record<string, unknown>, ownerId = s.userId) =>
      h.request('POST', '/tasks', { token: s.token, body: body(ownerId, extra) });
    await mk(u, { priority: 'high' });
    await mk(u, { priority: 'low', limitDate: inDays(-2) });
    await mk(u, { priority: 'none', status: 'finished' });
    await mk(c.admin, { priority: 'medium' });
    await mk(c.admin, { priority: 'medium', limitDate: inDays(-1) });
    const mine = await h.request('POST', '/tasks/summary', { token: u.token, body: {} });
    expect(mine).toMatchObject({
      status: 200,
      body: {
        total: 3,
        byStatus: { pending: 1, delayed: 1, finished: 1 },
        byPriority: { high: 1, medium: 0, low: 1, none: 1 },
      },
    });
    const company = await h.request('POST', '/tasks/summary', { token: c.admin.token, body: {} });
    expect(company.body).toEqual({
      total: 5,
      byStatus: { pending: 2, delayed: 2, finished: 1 },
      byPriority: { high: 1, medium: 2, low: 1, none: 1 },
    });
    const ofUser = await h.request('POST', '/tasks/summary', { token: c.admin.token, body: { ownerId: u.userId } });
    expect(ofUser.body.total).toBe(3);
    expect((await h.request('POST', '/tasks/summary', { token: u.token, body: { ownerId: 'x' } })).body.error).toBe(
      'ERR_VALIDATION',
    );
  });

  it('tells the company that a task changed, by id only, after the change', async () => {
    const seen: { tenantId: number; room: unknown; event: string; payload: unknown }[] = [];
    setEmitter(h.app.platform.db, (tenantId, room, event, payload) => seen.push({ tenantId, room, event, payload }));
    const t = await create(agent, { name: 'Com evento' });
    await h.request('DELETE', `/tasks/${t.id}`, { token: agent.token });
    await expect.poll(() => seen.filter((e) => e.event === 'task').length).toBe(2);
    expect(seen.filter((e) => e.event === 'task')).toEqual([
      { tenantId: a.tenantId, room: { kind: 'tenant' }, event: 'task', payload: { action: 'create', id: t.id } },
      { tenantId: a.tenantId, room: { kind: 'tenant' }, event: 'task', payload: { action: 'delete', id: t.id } },
    ]);
  });
});
