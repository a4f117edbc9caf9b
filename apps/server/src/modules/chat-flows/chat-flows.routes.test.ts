import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, settings } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';
import { flowBody, izingFixture, remapFixtureIds } from './chat-flows.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;
let queueA: number;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  agent = await h.user(a, 'user');
  queueA = (await ticketFactories(h.app.platform.db, a.tenantId).queue()).id;
});
afterAll(() => h.close());

const create = (token: string, over: Record<string, unknown> = {}) =>
  h.request('POST', '/chat-flow', { token, body: flowBody(queueA, a.admin.userId, over) });
const listOf = async (c: Company) => (await h.request('GET', '/chat-flow?pageSize=200', { token: c.admin.token })).body;

describe('chat flows', () => {
  it('need a token', async () => {
    for (const [method, url] of [
      ['GET', '/chat-flow'],
      ['GET', '/chat-flow/transfer'],
      ['POST', '/chat-flow'],
      ['POST', '/chat-flow/import'],
      ['GET', '/chat-flow/1'],
      ['PUT', '/chat-flow/1'],
      ['DELETE', '/chat-flow/1'],
      ['POST', '/chat-flow/1/duplicate'],
      ['GET', '/chat-flow/1/export'],
    ] as const) {
      expect(
        (await h.request(method, url, { body: method === 'GET' || method === 'DELETE' ? undefined : {} })).status,
        url,
      ).toBe(401);
    }
  });

  it('an admin creates, reads, lists, searches, updates and deletes', async () => {
    const created = await create(a.admin.token, { name: 'Fluxo Vendas', testNumber: '+55 (11) 99999-0000' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Fluxo Vendas',
      isActive: true,
      availableForTransfer: false,
      testNumber: '5511999990000',
    });
    expect(created.body.flow.nodeList).toHaveLength(4);
    const id = created.body.id;
    expect((await h.request('GET', `/chat-flow/${id}`, { token: a.admin.token })).body).toEqual(created.body);
    const found = await h.request('GET', '/chat-flow?searchParam=vendas', { token: a.admin.token });
    expect(found.body).toMatchObject({
      count: 1,
      hasMore: false,
      chatFlows: [{ id, name: 'Fluxo Vendas', stepCount: 2 }],
    });
    expect(found.body.chatFlows[0].flow).toBeUndefined();
    const updated = await h.request('PUT', `/chat-flow/${id}`, { token: a.admin.token, body: { isActive: false } });
    // Only what the body names changes: the rest keeps its values, not the create defaults.
    expect(updated).toMatchObject({
      status: 200,
      body: { isActive: false, name: 'Fluxo Vendas', description: 'Primeiro contato', testNumber: '5511999990000' },
    });
    expect(updated.body.flow).toEqual(created.body.flow);
    expect((await h.request('DELETE', `/chat-flow/${id}`, { token: a.admin.token })).status).toBe(204);
    expect(await h.request('GET', `/chat-flow/${id}`, { token: a.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_AUTO_REPLY_FOUND' },
    });
  });

  it('pages the list', async () => {
    for (const n of [1, 2, 3]) await create(a.admin.token, { name: `Paginado ${n}` });
    const p1 = (await h.request('GET', '/chat-flow?searchParam=Paginado&pageSize=2', { token: a.admin.token })).body;
    const p2 = (
      await h.request('GET', '/chat-flow?searchParam=Paginado&pageSize=2&pageNumber=2', { token: a.admin.token })
    ).body;
    expect(p1).toMatchObject({ count: 3, hasMore: true });
    expect(p2).toMatchObject({ count: 3, hasMore: false });
    expect([...p1.chatFlows, ...p2.chatFlows].map((f: { name: string }) => f.name)).toEqual([
      'Paginado 1',
      'Paginado 2',
      'Paginado 3',
    ]);
    const bad = await h.request('GET', '/chat-flow?pageSize=0', { token: a.admin.token });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { pageSize: expect.any(String) } },
    });
  });

  it('agents may not read or change flows, but see those available for transfer (id and name)', async () => {
    const offered = (await create(a.admin.token, { name: 'Transferível', availableForTransfer: true })).body;
    const inactive = (await create(a.admin.token, { name: 'Inativo', availableForTransfer: true, isActive: false }))
      .body;
    const before = await listOf(a);
    for (const [method, url, body] of [
      ['GET', '/chat-flow'],
      ['POST', '/chat-flow', flowBody(queueA, a.admin.userId)],
      ['POST', '/chat-flow/import', izingFixture()],
      ['GET', `/chat-flow/${offered.id}`],
      ['PUT', `/chat-flow/${offered.id}`, { name: 'x' }],
      ['DELETE', `/chat-flow/${offered.id}`],
      ['POST', `/chat-flow/${offered.id}/duplicate`],
      ['GET', `/chat-flow/${offered.id}/export`],
    ] as const) {
      const res = await h.request(method, url, { token: agent.token, body });
      expect(res, `${method} ${url}`).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect(await listOf(a)).toEqual(before);
    const options = (await h.request('GET', '/chat-flow/transfer', { token: agent.token })).body;
    expect(options).toContainEqual({ id: offered.id, name: 'Transferível' });
    expect(options.find((o: { id: number }) => o.id === inactive.id)).toBeUndefined();
    for (const o of options) expect(Object.keys(o).sort()).toEqual(['id', 'name']);
    expect((await h.request('GET', '/chat-flow/transfer', { token: b.admin.token })).body).toEqual([]);
  });

  it("another company's flow answers 404 on every route and is left unchanged", async () => {
    const mine = (await create(a.admin.token, { name: 'Privado' })).body;
    const tb = b.admin.token;
    for (const [method, url, body] of [
      ['GET', `/chat-flow/${mine.id}`],
      ['PUT', `/chat-flow/${mine.id}`, { name: 'Invadido' }],
      ['DELETE', `/chat-flow/${mine.id}`],
      ['POST', `/chat-flow/${mine.id}/duplicate`],
      ['GET', `/chat-flow/${mine.id}/export`],
    ] as const) {
      const res = await h.request(method, url, { token: tb, body });
      expect(res, `${method} ${url}`).toMatchObject({ status: 404, body: { error: 'ERR_NO_AUTO_REPLY_FOUND' } });
    }
    expect((await listOf(b)).chatFlows.find((f: { id: number }) => f.id === mine.id)).toBeUndefined();
    expect((await h.request('GET', `/chat-flow/${mine.id}`, { token: a.admin.token })).body).toEqual(mine);
    // A's queue in B's flow counts as missing, not as found elsewhere.
    const res = await h.request('POST', '/chat-flow', { token: tb, body: flowBody(queueA, a.admin.userId) });
    expect(res.body.fields).toMatchObject({
      'flow.nodeList.2.conditions.0.queueId': 'validation.flowQueueNotFound',
      'flow.nodeList.3.conditions.0.userIdDestination': 'validation.flowUserNotFound',
    });
  });

  it('duplicates with a free copy name, inactive', async () => {
    const src = (await create(a.admin.token, { name: 'Original', availableForTransfer: true })).body;
    const d1 = await h.request('POST', `/chat-flow/${src.id}/duplicate`, { token: a.admin.token });
    expect(d1).toMatchObject({
      status: 201,
      body: { name: 'Original (2)', isActive: false, availableForTransfer: false },
    });
    expect(d1.body.flow).toEqual(src.flow);
    const d2 = await h.request('POST', `/chat-flow/${d1.body.id}/duplicate`, { token: a.admin.token });
    expect(d2.body.name).toBe('Original (3)');
    const again = await h.request('POST', `/chat-flow/${src.id}/duplicate`, { token: a.admin.token });
    expect(again.body.name).toBe('Original (4)');
  });

  it('exports the older products shape and imports it back unchanged', async () => {
    const src = (await create(a.admin.token, { name: 'Exportável' })).body;
    const exp = await h.request('GET', `/chat-flow/${src.id}/export`, { token: a.admin.token });
    expect(exp.status).toBe(200);
    expect(String(exp.headers['content-disposition'])).toBe('attachment; filename="exportavel.json"');
    expect(exp.body).toMatchObject({ name: 'Exportável', description: 'Primeiro contato' });
    expect(exp.body.nodeList[0]).toMatchObject({ id: 'start', left: '26px', top: '100px' });
    const imported = await h.request('POST', '/chat-flow/import', { token: a.admin.token, body: exp.body });
    expect(imported).toMatchObject({ status: 201, body: { name: 'Exportável', isActive: false } });
    expect(imported.body.flow).toEqual(src.flow);
  });

  it('imports the Izing fixture once its queue and user ids are of this company', async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const [q1, q2] = [await f.queue(), await f.queue()];
    const raw = izingFixture();
    // Company B has no queues or users with the old system's ids (serial ids of A do not count).
    const refused = await h.request('POST', '/chat-flow/import', { token: b.admin.token, body: raw });
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(refused.body.fields).toMatchObject({
      'nodeList.1.configurations.notResponseMessage.destiny': 'validation.flowQueueNotFound',
      'nodeList.1.configurations.maxRetryBotMessage.destiny': 'validation.flowUserNotFound',
      'nodeList.2.conditions.2.queueId': 'validation.flowQueueNotFound',
      'nodeList.5.conditions.1.userIdDestination': 'validation.flowUserNotFound',
    });
    expect((await listOf(b)).count).toBe(0);
    const file = remapFixtureIds(raw, { queues: { 1: q1!.id, 2: q2!.id }, users: { 2: agent.userId } });
    const res = await h.request('POST', '/chat-flow/import', { token: a.admin.token, body: file });
    expect(res.status).toBe(201);
    const steps = res.body.flow.nodeList.filter((n: { type: string }) => n.type === 'node');
    expect(steps).toHaveLength(7);
    expect(res.body.flow.nodeList[0]).toEqual({ id: 'start', type: 'start', name: 'Início', left: 26, top: 100 });
    const config = res.body.flow.nodeList[1].configurations;
    expect(config).toMatchObject({
      answerCloseTicket: ['sair', 'encerrar'],
      outOpenHours: { type: 1, destiny: q2!.id },
      maxRetryBotMessage: { type: 2, destiny: agent.userId, number: 3 },
    });
    const pedido = steps.find((s: { id: string }) => s.id === 'nodePedido');
    expect(pedido.interactions[0].data.webhook).toMatchObject({
      method: 'POST',
      url: 'https://example.com/api/pedidos/consulta',
    });
    const types = new Set(steps.flatMap((s: { conditions: { type: string }[] }) => s.conditions.map((c) => c.type)));
    expect([...types].sort()).toEqual(['Contain', 'Contain2', 'IN_BUSINESS_HOUR', 'OUT_OF_BUSINESS_HOUR', 'R', 'US']);
  });

  it('a flow used by tickets cannot be deleted; an unused one clears the channel and the default', async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const used = (await create(a.admin.token, { name: 'Em uso' })).body;
    await f.ticket({ chatFlowId: used.id, status: 'closed' });
    const refused = await h.request('DELETE', `/chat-flow/${used.id}`, { token: a.admin.token });
    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_AUTO_REPLY_RELATIONED_TICKET' } });
    expect((await h.request('GET', `/chat-flow/${used.id}`, { token: a.admin.token })).status).toBe(200);

    const free = (await create(a.admin.token, { name: 'Livre' })).body;
    const channel = await f.channel({ chatFlowId: free.id });
    const other = await f.channel({ chatFlowId: used.id });
    await h.request('PUT', '/settings/botTicketActive', { token: a.admin.token, body: { value: String(free.id) } });
    await h.request('POST', '/chat-flow-keywords', {
      token: a.admin.token,
      body: { keyword: 'livre', chatFlowId: free.id },
    });
    expect((await h.request('DELETE', `/chat-flow/${free.id}`, { token: a.admin.token })).status).toBe(204);
    await withTenant(h.app.platform.db, a.tenantId, async (s) => {
      expect((await s.first(channels, eq(channels.id, channel.id)))!.chatFlowId).toBeNull();
      expect((await s.first(channels, eq(channels.id, other.id)))!.chatFlowId).toBe(used.id);
      expect((await s.first(settings, eq(settings.key, 'botTicketActive')))!.value).toBe('');
    });
    const keywords = (await h.request('GET', `/chat-flow-keywords`, { token: a.admin.token })).body;
    expect(keywords.find((k: { chatFlowId: number }) => k.chatFlowId === free.id)).toBeUndefined();
  });
});
