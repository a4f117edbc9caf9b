import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';
import { insertFlow } from './chat-flows.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;
let flowA: number;
let flowB: number;
let channelA: number;
let channelB: number;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  agent = await h.user(a, 'supervisor');
  flowA = (await insertFlow(h.app.platform.db, a.tenantId)).id;
  flowB = (await insertFlow(h.app.platform.db, b.tenantId)).id;
  channelA = (await ticketFactories(h.app.platform.db, a.tenantId).channel()).id;
  channelB = (await ticketFactories(h.app.platform.db, b.tenantId).channel()).id;
});
afterAll(() => h.close());

const post = (token: string, body: unknown) => h.request('POST', '/chat-flow-keywords', { token, body });
const list = async (c: Company) => (await h.request('GET', '/chat-flow-keywords', { token: c.admin.token })).body;

describe('chat flow keywords', () => {
  it('need a token and the admin profile', async () => {
    expect((await h.request('GET', '/chat-flow-keywords')).status).toBe(401);
    expect((await post('', { keyword: 'oi', chatFlowId: flowA })).status).toBe(401);
    expect((await h.request('DELETE', '/chat-flow-keywords/1')).status).toBe(401);
    for (const [method, url] of [
      ['GET', '/chat-flow-keywords'],
      ['POST', '/chat-flow-keywords'],
      ['PUT', '/chat-flow-keywords/1'],
      ['DELETE', '/chat-flow-keywords/1'],
    ] as const) {
      const res = await h.request(method, url, {
        token: agent.token,
        body: method === 'GET' || method === 'DELETE' ? undefined : { keyword: 'oi', chatFlowId: flowA },
      });
      expect(res, `${method} ${url}`).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect(await list(a)).toEqual([]);
  });

  it('an admin creates, lists, filters, updates and deletes', async () => {
    const created = await post(a.admin.token, { keyword: ' Promoção ', chatFlowId: flowA, channelId: channelA });
    expect(created).toMatchObject({
      status: 201,
      body: { keyword: 'Promoção', chatFlowId: flowA, channelId: channelA, isActive: true },
    });
    const any = (await post(a.admin.token, { keyword: 'menu', chatFlowId: flowA })).body;
    expect(any.channelId).toBeNull();
    const byChannel = (await h.request('GET', `/chat-flow-keywords?channelId=${channelA}`, { token: a.admin.token }))
      .body;
    expect(byChannel).toEqual([created.body]);
    const put = await h.request('PUT', `/chat-flow-keywords/${any.id}`, {
      token: a.admin.token,
      body: { keyword: 'menu', chatFlowId: flowA, channelId: null, isActive: false },
    });
    expect(put).toMatchObject({ status: 200, body: { id: any.id, isActive: false } });
    expect((await h.request('DELETE', `/chat-flow-keywords/${any.id}`, { token: a.admin.token })).status).toBe(204);
    expect((await list(a)).map((k: { id: number }) => k.id)).toEqual([created.body.id]);
    expect((await h.request('DELETE', `/chat-flow-keywords/${any.id}`, { token: a.admin.token })).body).toEqual({
      error: 'ERR_NO_CHAT_FLOW_KEYWORD_FOUND',
    });
  });

  it('refuses a keyword already on the channel, in any case; another channel may use it', async () => {
    await post(a.admin.token, { keyword: 'Suporte', chatFlowId: flowA, channelId: channelA });
    const dup = await post(a.admin.token, { keyword: 'SUPORTE', chatFlowId: flowA, channelId: channelA });
    expect(dup).toMatchObject({ status: 409, body: { error: 'ERR_CHAT_FLOW_KEYWORD_EXISTS' } });
    const everywhere = await post(a.admin.token, { keyword: 'suporte', chatFlowId: flowA });
    expect(everywhere.status).toBe(201);
    const other = (await post(a.admin.token, { keyword: 'outra', chatFlowId: flowA })).body;
    const clash = await h.request('PUT', `/chat-flow-keywords/${other.id}`, {
      token: a.admin.token,
      body: { keyword: 'Suporte', chatFlowId: flowA, channelId: null },
    });
    expect(clash).toMatchObject({ status: 409, body: { error: 'ERR_CHAT_FLOW_KEYWORD_EXISTS' } });
    // The same company's keyword in company B is B's own business.
    expect((await post(b.admin.token, { keyword: 'suporte', chatFlowId: flowB })).status).toBe(201);
  });

  it('refuses bad input and references outside the company, changing nothing', async () => {
    const before = await list(a);
    const bad = await post(a.admin.token, { keyword: '  ', chatFlowId: 'x' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(bad.body.fields).toMatchObject({ keyword: 'validation.required', chatFlowId: 'validation.invalidValue' });
    expect(await post(a.admin.token, { keyword: 'x', chatFlowId: flowB })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_AUTO_REPLY_FOUND' },
    });
    expect(await post(a.admin.token, { keyword: 'x', chatFlowId: flowA, channelId: channelB })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { channelId: 'validation.invalidValue' } },
    });
    expect(await list(a)).toEqual(before);
  });

  it("another company's keyword answers 404 and is left unchanged", async () => {
    const mine = (await post(a.admin.token, { keyword: 'privada', chatFlowId: flowA })).body;
    const put = await h.request('PUT', `/chat-flow-keywords/${mine.id}`, {
      token: b.admin.token,
      body: { keyword: 'invadida', chatFlowId: flowB },
    });
    expect(put).toMatchObject({ status: 404, body: { error: 'ERR_NO_CHAT_FLOW_KEYWORD_FOUND' } });
    const del = await h.request('DELETE', `/chat-flow-keywords/${mine.id}`, { token: b.admin.token });
    expect(del).toMatchObject({ status: 404, body: { error: 'ERR_NO_CHAT_FLOW_KEYWORD_FOUND' } });
    expect((await list(b)).find((k: { id: number }) => k.id === mine.id)).toBeUndefined();
    expect((await list(a)).find((k: { id: number }) => k.id === mine.id)).toEqual(mine);
  });
});
