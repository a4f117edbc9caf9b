import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tickets } from '../../platform/db/schema.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { insertFlow } from '../chat-flows/chat-flows.test-support.js';
import { cond, flowOf, text } from '../chatbot/engine/engine.test-support.js';
import { ticketFactories } from './test-factories.js';

let h: Harness;
let a: Company;
let agent: Session;
let agent2: Session;
let f: ReturnType<typeof ticketFactories>;
let queue: { id: number; name: string };
let channel: { id: number };

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  f = ticketFactories(h.app.platform.db, a.tenantId);
  queue = await f.queue({ name: 'Suporte' });
  channel = await f.channel({ isDefault: true });
  agent = await h.user(a, 'user', { queueIds: [queue.id] });
  agent2 = await h.user(a, 'user', { queueIds: [queue.id] });
});
afterAll(() => h.close());

const rowOf = (id: number) => withTenant(h.app.platform.db, a.tenantId, (s) => s.first(tickets, eq(tickets.id, id)));
const logTypes = async (id: number) =>
  (await h.request('GET', `/tickets/${id}/logs`, { token: a.admin.token })).body.map((l: { type: string }) => l.type);
const put = (token: string, id: number, body: unknown) => h.request('PUT', `/tickets/${id}`, { token, body });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('creating tickets', () => {
  it('opens a ticket for the caller on the default channel with a protocol, once per contact and channel', async () => {
    const contact = await f.contact();
    const res = await h.request('POST', '/tickets/new', {
      token: agent.token,
      body: { contactId: contact.id, queueId: queue.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'open',
      userId: agent.userId,
      whatsappId: channel.id,
      queue: { id: queue.id, name: 'Suporte' },
    });
    expect(res.body.protocol).toMatch(/^\d{14}$/);
    expect(res.body.can).toMatchObject({ reply: true, close: true, accept: false });
    expect(await logTypes(res.body.id)).toEqual(['create']);
    const again = await h.request('POST', '/tickets/new', { token: agent2.token, body: { contactId: contact.id } });
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET' } });
  });

  it('without a default channel answers ERR_NO_DEF_WAPP_FOUND', async () => {
    const c = await h.company();
    const contact = await ticketFactories(h.app.platform.db, c.tenantId).contact();
    const res = await h.request('POST', '/tickets/new', { token: c.admin.token, body: { contactId: contact.id } });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_DEF_WAPP_FOUND' } });
  });

  it('concurrent creations for the same contact and channel make one ticket', async () => {
    const contact = await f.contact();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.request('POST', '/tickets/new', { token: a.admin.token, body: { contactId: contact.id } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.body).toEqual({ error: 'ERR_OTHER_OPEN_TICKET' });
    const rows = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.select(tickets, eq(tickets.contactId, contact.id)),
    );
    expect(rows).toHaveLength(1);
  });

  it('the database itself refuses a second open or pending ticket of a contact on a channel', async () => {
    const t = await f.ticket({ status: 'open' });
    const err = await f
      .ticket({ contactId: t.contactId, channelId: t.channelId, status: 'pending' })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    // A closed one may sit beside it.
    await expect(f.ticket({ contactId: t.contactId, channelId: t.channelId, status: 'closed' })).resolves.toBeDefined();
  });
});

describe('the lifecycle', () => {
  it('accept: pending -> open for the caller, out of the bot, stamped and logged', async () => {
    const t = await f.ticket({ queueId: queue.id, chatFlowId: 9, botState: { step: 'x' } });
    const res = await put(agent.token, t.id, { status: 'open', userId: agent.userId });
    expect(res.body).toMatchObject({ status: 'open', userId: agent.userId, chatbot: false, chatFlowId: null });
    expect(res.body.startedAttendanceAt).not.toBeNull();
    expect(await logTypes(t.id)).toEqual(['open']);
    // Another agent cannot take it over.
    expect((await put(agent2.token, t.id, { status: 'open', userId: agent2.userId })).body).toEqual({
      error: 'ERR_NO_PERMISSION',
    });
    expect((await rowOf(t.id))!.userId).toBe(agent.userId);
  });

  it('return: open -> pending, unassigned', async () => {
    const t = await f.ticket({ queueId: queue.id, status: 'open', userId: agent.userId });
    expect((await put(agent2.token, t.id, { status: 'pending' })).status).toBe(403);
    const res = await put(agent.token, t.id, { status: 'pending' });
    expect(res.body).toMatchObject({ status: 'pending', userId: null });
    expect(await logTypes(t.id)).toEqual(['pending']);
  });

  it('close with a farewell: the message is recorded first, the ticket closes a few seconds later', async () => {
    const t = await f.ticket({ queueId: queue.id, status: 'open', userId: agent.userId });
    const started = Date.now();
    const res = await put(agent.token, t.id, { status: 'closed', farewellMessage: 'Obrigado pelo contato!' });
    expect(res.body).toMatchObject({ status: 'open', lastMessage: 'Obrigado pelo contato!' });
    const sent = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.select(messages, eq(messages.ticketId, t.id)),
    );
    expect(sent).toEqual([
      expect.objectContaining({
        fromMe: true,
        status: 'pending',
        body: 'Obrigado pelo contato!',
        userId: agent.userId,
      }),
    ]);
    let row = await rowOf(t.id);
    expect(row!.closeAfter).not.toBeNull();
    while (row!.status !== 'closed' && Date.now() - started < 15_000) {
      await sleep(250);
      row = await rowOf(t.id);
    }
    expect(row).toMatchObject({ status: 'closed', closeAfter: null });
    expect(row!.closedAt!.getTime() - started).toBeGreaterThanOrEqual(2_500);
    expect(await logTypes(t.id)).toEqual(['closed']);
  }, 20_000);

  it('close without a farewell closes at once', async () => {
    const t = await f.ticket({ queueId: queue.id, status: 'open', userId: agent.userId });
    const res = await put(agent.token, t.id, { status: 'closed' });
    expect(res.body.status).toBe('closed');
    expect(res.body.closedAt).not.toBeNull();
    expect(res.body.can).toMatchObject({ reopen: true, close: false });
  });

  it('reopen: closed -> open for the caller, unless the contact has another active ticket there', async () => {
    const t = await f.ticket({ queueId: queue.id, status: 'closed', userId: agent.userId, closedAt: new Date() });
    const res = await put(agent2.token, t.id, { status: 'open' });
    expect(res.body).toMatchObject({ status: 'open', userId: agent2.userId, closedAt: null });
    expect(await logTypes(t.id)).toEqual(['reopen']);
    await put(agent2.token, t.id, { status: 'closed' });
    await f.ticket({ contactId: t.contactId, channelId: t.channelId, status: 'pending', queueId: queue.id });
    expect(await put(agent2.token, t.id, { status: 'open' })).toMatchObject({
      status: 409,
      body: { error: 'ERR_OTHER_OPEN_TICKET' },
    });
    expect((await rowOf(t.id))!.status).toBe('closed');
  });

  it('reopen needs userReopenTicket for agents', async () => {
    const t = await f.ticket({ queueId: queue.id, status: 'closed', userId: agent.userId });
    await h.request('PUT', '/settings/userReopenTicket', { token: a.admin.token, body: { value: 'disabled' } });
    try {
      expect(await put(agent.token, t.id, { status: 'open' })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      expect((await put(a.admin.token, t.id, { status: 'open' })).body.status).toBe('open');
    } finally {
      await h.request('PUT', '/settings/userReopenTicket', { token: a.admin.token, body: { value: 'enabled' } });
    }
  });

  it('transfer to a queue, then to a user, logged on both sides', async () => {
    const q2 = await f.queue({ name: 'Financeiro' });
    const t = await f.ticket({ queueId: queue.id, status: 'open', userId: agent.userId });
    const toQueue = await put(agent.token, t.id, { queueId: q2.id, isTransference: true });
    expect(toQueue.body).toMatchObject({ status: 'pending', queueId: q2.id, userId: null });
    // It left the agent's queues: the agent no longer sees it.
    expect((await h.request('GET', `/tickets/${t.id}`, { token: agent.token })).status).toBe(404);
    const toUser = await put(a.admin.token, t.id, { userId: agent2.userId, queueId: queue.id });
    expect(toUser.body).toMatchObject({ status: 'open', queueId: queue.id, userId: agent2.userId });
    const logs = (await h.request('GET', `/tickets/${t.id}/logs`, { token: a.admin.token })).body;
    expect(logs.map((l: { type: string }) => l.type)).toEqual([
      'transfered',
      'receivedTransfer',
      'transfered',
      'receivedTransfer',
    ]);
    expect(logs[1]).toMatchObject({ queue: { id: q2.id, name: 'Financeiro' }, user: null });
    expect(logs[3]).toMatchObject({ user: { id: agent2.userId }, queue: { id: queue.id, name: 'Suporte' } });
    expect((await put(a.admin.token, t.id, { userId: 2147483000 })).body).toEqual({ error: 'ERR_NO_USER_FOUND' });
    expect((await put(a.admin.token, t.id, { queueId: 2147483000 })).body).toEqual({ error: 'ERR_NO_QUEUE_FOUND' });
  });

  it('to the chatbot: pending, unassigned, with the flow, logged', async () => {
    const t = await f.ticket({ queueId: queue.id, status: 'open', userId: agent.userId });
    // A flow that greets and waits for an answer: its first step runs at once after the transfer
    // and leaves the ticket as the transfer did, whichever is seen first.
    const waits = flowOf([{ id: 's1', interactions: [text('Olá')], conditions: [cond('R', ['1'], 3)] }]);
    const flow = await insertFlow(h.app.platform.db, a.tenantId, { flow: waits });
    const res = await h.request('PUT', `/tickets/bot/${t.id}`, { token: agent.token, body: { chatFlowId: flow.id } });
    expect(res.body).toMatchObject({ status: 'pending', userId: null, chatFlowId: flow.id, chatbot: true });
    expect(await logTypes(t.id)).toEqual(['chatBot']);
  });

  it('opening a ticket is logged as access', async () => {
    const t = await f.ticket({ queueId: queue.id });
    const res = await h.request('GET', `/tickets/${t.id}`, { token: agent.token });
    expect(res.body).toMatchObject({ id: t.id, can: { accept: true } });
    const logs = (await h.request('GET', `/tickets/${t.id}/logs`, { token: agent.token })).body;
    expect(logs).toEqual([
      expect.objectContaining({ type: 'access', user: { id: agent.userId, name: expect.any(String) } }),
    ]);
  });

  it('farewell close is cancelled by accepting again before it is due', async () => {
    const { finishFarewellClose } = await import('./commands/finish-farewell-close.js');
    const t = await f.ticket({ queueId: queue.id, status: 'open', userId: agent.userId });
    await put(agent.token, t.id, { status: 'closed', farewellMessage: 'Tchau' });
    await put(agent.token, t.id, { status: 'pending' });
    const closed = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      finishFarewellClose(s, t.id, agent.userId, new Date(Date.now() + 5_000)),
    );
    expect(closed).toBe(false);
    expect((await rowOf(t.id))!.status).toBe('pending');
    const rows = await withTenant(h.app.platform.db, a.tenantId, (s) =>
      s.select(messages, eq(messages.ticketId, t.id)),
    );
    expect(rows).toHaveLength(1);
  });
});
