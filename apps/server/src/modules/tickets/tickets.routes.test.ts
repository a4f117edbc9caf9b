import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from './test-factories.js';

let h: Harness;
let a: Company;
let b: Company;
let agentA: Session;
let fa: ReturnType<typeof ticketFactories>;
let queueA: number;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  fa = ticketFactories(h.app.platform.db, a.tenantId);
  queueA = (await fa.queue()).id;
  agentA = await h.user(a, 'user', { queueIds: [queueA] });
});
afterAll(() => h.close());

const rowOf = (tenantId: number, id: number) =>
  withTenant(h.app.platform.db, tenantId, (s) => s.first(tickets, eq(tickets.id, id)));

const ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
  ['GET', '/tickets'],
  ['GET', '/tickets/1'],
  ['PUT', '/tickets/1', { status: 'open' }],
  ['DELETE', '/tickets/1'],
  ['GET', '/tickets/1/logs'],
  ['GET', '/tickets/1/notes'],
  ['POST', '/tickets/1/notes', { body: 'x' }],
  ['PUT', '/tickets/bot/1', { chatFlowId: 1 }],
  ['POST', '/tickets/new', { contactId: 1 }],
  ['POST', '/tickets/close-tickets', { ticketIds: [1] }],
  ['POST', '/tickets/del-tickets', { ticketIds: [1] }],
  ['GET', '/user/counttickets'],
];

describe('tickets routes', () => {
  it.each(ROUTES)('%s %s needs a token', async (method, url, body) => {
    const res = await h.request(method, url, { body });
    expect(res).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });

  it('rejects bad input with ERR_VALIDATION', async () => {
    const t = a.admin.token;
    const bad: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['GET', '/tickets?status=archived'],
      ['GET', '/tickets?pageNumber=0'],
      ['GET', '/tickets/abc'],
      ['GET', '/tickets/99999999999'],
      ['PUT', '/tickets/1', { status: 'done' }],
      ['PUT', '/tickets/1', { userId: 99999999999 }],
      ['PUT', '/tickets/bot/1', {}],
      ['POST', '/tickets/new', {}],
      ['POST', '/tickets/close-tickets', { ticketIds: [] }],
      ['POST', '/tickets/del-tickets', { ticketIds: ['x'] }],
      ['POST', '/tickets/1/notes', { body: '   ' }],
    ];
    for (const [method, url, body] of bad) {
      const res = await h.request(method, url, { token: t, body });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
  });

  it('an agent may not bulk close, bulk delete or delete', async () => {
    const tk = await fa.ticket({ queueId: queueA });
    for (const url of ['/tickets/close-tickets', '/tickets/del-tickets']) {
      const res = await h.request('POST', url, { token: agentA.token, body: { ticketIds: [tk.id] } });
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect((await h.request('DELETE', `/tickets/${tk.id}`, { token: agentA.token })).status).toBe(403);
    expect(await rowOf(a.tenantId, tk.id)).toMatchObject({ status: 'pending' });
  });

  it('an agent gets 404 for a ticket of a queue it is not in', async () => {
    const other = await fa.queue();
    const tk = await fa.ticket({ queueId: other.id });
    expect((await h.request('GET', `/tickets/${tk.id}`, { token: agentA.token })).body).toEqual({
      error: 'ERR_NO_TICKET_FOUND',
    });
    expect(
      (await h.request('PUT', `/tickets/${tk.id}`, { token: agentA.token, body: { status: 'open' } })).status,
    ).toBe(404);
    expect((await rowOf(a.tenantId, tk.id))!.status).toBe('pending');
  });

  it("another tenant's ticket answers 404 on every route and is left unchanged", async () => {
    const contact = await fa.contact();
    const channel = await fa.channel({ isDefault: true });
    const tk = await fa.ticket({
      contactId: contact.id,
      channelId: channel.id,
      queueId: queueA,
      status: 'open',
      userId: agentA.userId,
    });
    const tb = b.admin.token;
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', `/tickets/${tk.id}`],
      ['PUT', `/tickets/${tk.id}`, { status: 'closed' }],
      ['PUT', `/tickets/${tk.id}`, { status: 'pending' }],
      ['PUT', `/tickets/${tk.id}`, { userId: b.admin.userId, isTransference: true }],
      ['PUT', `/tickets/bot/${tk.id}`, { chatFlowId: 3 }],
      ['DELETE', `/tickets/${tk.id}`],
      ['GET', `/tickets/${tk.id}/logs`],
      ['GET', `/tickets/${tk.id}/notes`],
      ['POST', `/tickets/${tk.id}/notes`, { body: 'intrusão' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await h.request(method, url, { token: tb, body });
      expect(res, `${method} ${url}`).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    }
    const created = await h.request('POST', '/tickets/new', {
      token: tb,
      body: { contactId: contact.id, whatsappId: channel.id },
    });
    expect(created).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    for (const url of ['/tickets/close-tickets', '/tickets/del-tickets']) {
      expect((await h.request('POST', url, { token: tb, body: { ticketIds: [tk.id] } })).body).toEqual({ count: 0 });
    }
    const listB = await h.request('GET', '/tickets?showAll=true&status=open,pending,closed', { token: tb });
    expect(listB.body.tickets.map((t: { id: number }) => t.id)).not.toContain(tk.id);
    expect((await h.request('GET', '/user/counttickets', { token: tb })).body).toEqual({
      open: 0,
      pending: 0,
      chatbot: 0,
      groups: 0,
    });
    const after = await rowOf(a.tenantId, tk.id);
    expect(after).toMatchObject({ status: 'open', userId: agentA.userId, queueId: queueA, chatFlowId: null });
    expect((await h.request('GET', `/tickets/${tk.id}/notes`, { token: a.admin.token })).body).toEqual([]);
    expect(
      (await h.request('GET', `/tickets/${tk.id}/logs`, { token: a.admin.token })).body.map(
        (l: { type: string }) => l.type,
      ),
    ).toEqual([]);
  });

  it("b cannot create a ticket on a's channel or in a's queue", async () => {
    const fb = ticketFactories(h.app.platform.db, b.tenantId);
    const contactB = await fb.contact();
    await fb.channel({ isDefault: true });
    const channelA = await fa.channel();
    const tb = b.admin.token;
    expect(
      (
        await h.request('POST', '/tickets/new', {
          token: tb,
          body: { contactId: contactB.id, whatsappId: channelA.id },
        })
      ).body,
    ).toEqual({
      error: 'ERR_NO_WAPP_FOUND',
    });
    expect(
      (await h.request('POST', '/tickets/new', { token: tb, body: { contactId: contactB.id, queueId: queueA } })).body,
    ).toEqual({
      error: 'ERR_NO_QUEUE_FOUND',
    });
  });

  it("b cannot transfer its ticket into a's queue or to a's user", async () => {
    const fb = ticketFactories(h.app.platform.db, b.tenantId);
    const tk = await fb.ticket({ status: 'open', userId: b.admin.userId });
    const tb = b.admin.token;
    expect((await h.request('PUT', `/tickets/${tk.id}`, { token: tb, body: { queueId: queueA } })).body).toEqual({
      error: 'ERR_NO_QUEUE_FOUND',
    });
    expect((await h.request('PUT', `/tickets/${tk.id}`, { token: tb, body: { userId: agentA.userId } })).body).toEqual({
      error: 'ERR_NO_USER_FOUND',
    });
    expect(await rowOf(b.tenantId, tk.id)).toMatchObject({ queueId: null, userId: b.admin.userId });
  });

  it('bulk close and delete touch only the given tickets of the tenant', async () => {
    const t1 = await fa.ticket({ status: 'open' });
    const t2 = await fa.ticket({ status: 'pending' });
    const keep = await fa.ticket({ status: 'pending' });
    const closed = await h.request('POST', '/tickets/close-tickets', {
      token: a.admin.token,
      body: { ticketIds: [t1.id, t2.id, 2147483647] },
    });
    expect(closed.body).toEqual({ count: 2 });
    expect((await rowOf(a.tenantId, t1.id))!.status).toBe('closed');
    expect((await rowOf(a.tenantId, keep.id))!.status).toBe('pending');
    const logs = await h.request('GET', `/tickets/${t1.id}/logs`, { token: a.admin.token });
    expect(logs.body.map((l: { type: string }) => l.type)).toEqual(['closed']);
    const del = await h.request('POST', '/tickets/del-tickets', {
      token: a.admin.token,
      body: { ticketIds: [t1.id, t2.id] },
    });
    expect(del.body).toEqual({ count: 2 });
    expect(await rowOf(a.tenantId, t1.id)).toBeUndefined();
    expect(await rowOf(a.tenantId, keep.id)).toBeDefined();
  });

  it('notes: added and listed with their author', async () => {
    const tk = await fa.ticket({ queueId: queueA });
    const added = await h.request('POST', `/tickets/${tk.id}/notes`, {
      token: agentA.token,
      body: { body: '  ligar amanhã ' },
    });
    expect(added).toMatchObject({ status: 201, body: { body: 'ligar amanhã', user: { id: agentA.userId } } });
    const list = await h.request('GET', `/tickets/${tk.id}/notes`, { token: a.admin.token });
    expect(list.body).toEqual([expect.objectContaining({ body: 'ligar amanhã' })]);
  });

  it('delete: a supervisor removes a ticket with its messages', async () => {
    const sup = await h.user(a, 'supervisor');
    const tk = await fa.ticket({ queueId: queueA });
    expect((await h.request('DELETE', `/tickets/${tk.id}`, { token: sup.token })).status).toBe(204);
    expect(await rowOf(a.tenantId, tk.id)).toBeUndefined();
    expect((await h.request('DELETE', `/tickets/${tk.id}`, { token: sup.token })).status).toBe(404);
  });
});
