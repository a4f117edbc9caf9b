import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';

let h: Harness;
let a: Company;
let b: Company;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

const body = { name: 'Vendas', color: '#2f9e44', active: true };

describe('queues', () => {
  it('needs a token', async () => {
    expect((await h.request('GET', '/queue')).status).toBe(401);
    expect((await h.request('POST', '/queue', { body })).body).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    // Authentication comes before validation: a bad body without a token is still a 401.
    expect((await h.request('POST', '/queue', { body: { name: '' } })).status).toBe(401);
  });

  it('admin creates, lists, updates and deletes', async () => {
    const created = await h.request('POST', '/queue', { token: a.admin.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(body);
    const list = await h.request('GET', '/queue', { token: a.admin.token });
    expect(list.body.map((q: { name: string }) => q.name)).toContain('Vendas');
    const updated = await h.request('PUT', `/queue/${created.body.id}`, {
      token: a.admin.token,
      body: { ...body, name: 'Vendas 2', active: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Vendas 2', active: false });
    expect((await h.request('DELETE', `/queue/${created.body.id}`, { token: a.admin.token })).status).toBe(204);
    expect((await h.request('PUT', `/queue/${created.body.id}`, { token: a.admin.token, body })).status).toBe(404);
  });

  it('rejects bad input with a code and changes nothing', async () => {
    const before = (await h.request('GET', '/queue', { token: a.admin.token })).body.length;
    const res = await h.request('POST', '/queue', { token: a.admin.token, body: { name: '  ', color: 'green' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.fields).toMatchObject({ name: 'validation.required', color: 'validation.color' });
    expect((await h.request('GET', '/queue', { token: a.admin.token })).body.length).toBe(before);
  });

  it('refuses a duplicate name', async () => {
    await h.request('POST', '/queue', { token: a.admin.token, body: { ...body, name: 'Dup' } });
    const res = await h.request('POST', '/queue', { token: a.admin.token, body: { ...body, name: 'Dup' } });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_EXISTS' } });
  });

  it('an agent may list but not change queues', async () => {
    const agent = await h.user(a, 'user');
    expect((await h.request('GET', '/queue', { token: agent.token })).status).toBe(200);
    const res = await h.request('POST', '/queue', { token: agent.token, body: { ...body, name: 'Nope' } });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await h.request('POST', '/queue', { token: agent.token, body: { name: '' } })).status).toBe(403);
  });

  it("another tenant's queue answers 404 and is left unchanged", async () => {
    const q = (await h.request('POST', '/queue', { token: a.admin.token, body: { ...body, name: 'Privada' } })).body;
    const put = await h.request('PUT', `/queue/${q.id}`, { token: b.admin.token, body: { ...body, name: 'Hacked' } });
    expect(put).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    const del = await h.request('DELETE', `/queue/${q.id}`, { token: b.admin.token });
    expect(del.status).toBe(404);
    const listB = (await h.request('GET', '/queue', { token: b.admin.token })).body;
    expect(listB.find((x: { id: number }) => x.id === q.id)).toBeUndefined();
    const listA = (await h.request('GET', '/queue', { token: a.admin.token })).body;
    expect(listA.find((x: { id: number }) => x.id === q.id)).toMatchObject({ name: 'Privada' });
  });

  it('a queue with tickets cannot be deleted', async () => {
    const q = (await h.request('POST', '/queue', { token: a.admin.token, body: { ...body, name: 'Com tickets' } })).body;
    await withTenant(h.app.platform.db, a.tenantId, async (scope) => {
      const c = await scope.insert(contacts, { name: 'Cliente', number: '5511999990000' });
      await scope.insert(tickets, { contactId: c.id, queueId: q.id, status: 'open' });
    });
    const res = await h.request('DELETE', `/queue/${q.id}`, { token: a.admin.token });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_QUEUE_TICKET_EXISTS' } });
  });

  it('with onlyOwnQueues an agent sees only its queues', async () => {
    const mine = (await h.request('POST', '/queue', { token: a.admin.token, body: { ...body, name: 'Minha' } })).body;
    const agent = await h.user(a, 'user', { queueIds: [mine.id] });
    await h.request('PUT', '/settings/onlyOwnQueues', { token: a.admin.token, body: { value: 'enabled' } });
    const list = (await h.request('GET', '/queue', { token: agent.token })).body;
    expect(list.map((q: { id: number }) => q.id)).toEqual([mine.id]);
    await h.request('PUT', '/settings/onlyOwnQueues', { token: a.admin.token, body: { value: 'disabled' } });
  });
});
