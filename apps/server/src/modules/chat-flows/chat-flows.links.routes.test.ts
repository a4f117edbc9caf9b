/**
 * What names a flow outside its module: a channel's flow (PUT /channels/{id}), the company default
 * (botTicketActive) and PUT /tickets/bot/{id}; each refuses a flow that is not the company's,
 * and the two first an inactive one; the last one not available for transfer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';
import { insertFlow } from './chat-flows.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let agent: Session;
let flows: { active: number; inactive: number; notForTransfer: number; other: number };

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  agent = await h.user(a, 'user');
  const db = h.app.platform.db;
  flows = {
    active: (await insertFlow(db, a.tenantId, { name: 'Ativo' })).id,
    inactive: (await insertFlow(db, a.tenantId, { name: 'Inativo', isActive: false })).id,
    notForTransfer: (await insertFlow(db, a.tenantId, { name: 'Só canal', availableForTransfer: false })).id,
    other: (await insertFlow(db, b.tenantId, { name: 'De B' })).id,
  };
});
afterAll(() => h.close());

describe("a channel's flow", () => {
  it('is set by PUT /channels/{id}, kept when left out, cleared by null', async () => {
    const ch = (await h.request('POST', '/channels', { token: a.admin.token, body: { name: 'Site', type: 'webchat' } }))
      .body;
    expect(ch.chatFlowId).toBeNull();
    const put = (body: Record<string, unknown>) =>
      h.request('PUT', `/channels/${ch.id}`, {
        token: a.admin.token,
        body: { name: 'Site', type: 'webchat', ...body },
      });
    expect((await put({ chatFlowId: flows.active })).body.chatFlowId).toBe(flows.active);
    expect((await put({ greetingMessage: 'Olá' })).body.chatFlowId).toBe(flows.active);
    for (const id of [flows.inactive, flows.other, 2_000_000_000]) {
      expect(await put({ chatFlowId: id })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: { chatFlowId: 'validation.flowUnavailable' } },
      });
    }
    expect((await h.request('GET', `/channels/${ch.id}`, { token: a.admin.token })).body.chatFlowId).toBe(flows.active);
    expect((await put({ chatFlowId: null })).body.chatFlowId).toBeNull();
  });
});

describe('the company default flow (botTicketActive)', () => {
  const set = (token: string, value: string) =>
    h.request('PUT', '/settings/botTicketActive', { token, body: { value } });
  it('names an active flow of the company, or none', async () => {
    expect((await set(a.admin.token, String(flows.active))).status).toBe(200);
    for (const id of [flows.inactive, flows.other]) {
      expect(await set(a.admin.token, String(id))).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: { value: 'validation.flowUnavailable' } },
      });
    }
    const all = (await h.request('GET', '/settings', { token: a.admin.token })).body;
    expect(all.find((s: { key: string }) => s.key === 'botTicketActive').value).toBe(String(flows.active));
    expect((await set(a.admin.token, '')).status).toBe(200);
  });
});

describe('PUT /tickets/bot/{id}', () => {
  it('moves a ticket into a flow available for transfer, and refuses the others', async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const queue = await f.queue();
    await f.joinQueue(agent.userId, queue.id);
    const t = await f.ticket({ queueId: queue.id, status: 'open', userId: agent.userId });
    const bot = (chatFlowId: number) =>
      h.request('PUT', `/tickets/bot/${t.id}`, { token: agent.token, body: { chatFlowId } });
    expect(await bot(flows.other)).toMatchObject({ status: 404, body: { error: 'ERR_NO_AUTO_REPLY_FOUND' } });
    expect(await bot(2_000_000_000)).toMatchObject({ status: 404, body: { error: 'ERR_NO_AUTO_REPLY_FOUND' } });
    for (const id of [flows.inactive, flows.notForTransfer]) {
      expect(await bot(id)).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: { chatFlowId: 'validation.flowNotForTransfer' } },
      });
    }
    const unchanged = (await h.request('GET', `/tickets/${t.id}`, { token: agent.token })).body;
    expect(unchanged).toMatchObject({ status: 'open', userId: agent.userId, chatFlowId: null });
    expect((await bot(flows.active)).body).toMatchObject({
      status: 'pending',
      userId: null,
      chatFlowId: flows.active,
      chatbot: true,
    });
  });
});
