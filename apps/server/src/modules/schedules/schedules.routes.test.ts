import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { schedules, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { fakeAdapter, openConversation, ticketRow } from '../messages/messages.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
registerChannelAdapter(fakeAdapter('telegram').adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

const db = () => h.app.platform.db;
const inHours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const schedulesOf = (c: Company) => withTenant(db(), c.tenantId, (s) => s.select(schedules));
const scheduleRow = (c: Company, id: number) => withTenant(db(), c.tenantId, (s) => s.first(schedules, eq(schedules.id, id)));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function create(c: Company, ticketId: number, over: Record<string, unknown> = {}, token = c.admin.token) {
  return h.request('POST', '/schedule', { token, body: { ticketId, body: 'Lembrete', sendAt: inHours(2), ...over } });
}

/** A ticket in a queue of its own: an agent outside that queue may not see it. */
async function queuedTicket(c: Company) {
  const { ticketId } = await openConversation(h, c);
  const q = (
    await h.request('POST', '/queue', { token: c.admin.token, body: { name: `Q ${randomUUID().slice(0, 6)}`, color: '#00aa00', active: true } })
  ).body;
  await withTenant(db(), c.tenantId, (s) => s.update(tickets, { queueId: q.id }, eq(tickets.id, ticketId)));
  return ticketId;
}

describe('schedules routes', () => {
  it('needs a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/schedule'],
      ['POST', '/schedule'],
      ['PUT', '/schedule/1'],
      ['DELETE', '/schedule/1'],
    ] as const) {
      const res = await h.request(method, url, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.status, url).toBe(401);
    }
  });

  it('creates a schedule for the ticket contact, counted on the ticket until cancelled', async () => {
    const { ticketId } = await openConversation(h, a);
    const res = await create(a, ticketId, { repeatCount: '3', repeatPeriod: 'monthly' });
    expect(res.status).toBe(201);
    const contactId = (await ticketRow(h, a, ticketId))!.contactId;
    expect(res.body).toMatchObject({
      ticketId,
      contact: { id: contactId },
      userId: a.admin.userId,
      body: 'Lembrete',
      repeatCount: 3,
      repeatPeriod: 'monthly',
      sentCount: 0,
      status: 'pending',
    });
    expect((await ticketRow(h, a, ticketId))!.scheduledMessages).toBe(1);
    // The ticket DTO of the list carries it (the clock on /atendimento).
    const one = await h.request('GET', `/tickets/${ticketId}`, { token: a.admin.token });
    expect(one.body.scheduledMessages ?? one.body.ticket?.scheduledMessages).toBe(1);
    const list = await h.request('GET', '/tickets?status=open&showAll=true', { token: a.admin.token });
    expect(list.body.tickets.find((t: { id: number }) => t.id === ticketId).scheduledMessages).toBe(1);

    const forTicket = await h.request('GET', `/schedule?ticketId=${ticketId}&status=pending`, { token: a.admin.token });
    expect(forTicket.body.schedules.map((s: { id: number }) => s.id)).toEqual([res.body.id]);
    expect((await h.request('GET', `/schedule?ticketId=${ticketId}&status=sent`, { token: a.admin.token })).body.count).toBe(0);

    expect(await h.request('DELETE', `/schedule/${res.body.id}`, { token: a.admin.token })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await scheduleRow(a, res.body.id)).toBeUndefined();
    expect((await ticketRow(h, a, ticketId))!.scheduledMessages).toBe(0);
  });

  it('refuses bad input with its validation texts and changes nothing', async () => {
    const { ticketId } = await openConversation(h, a);
    const before = (await schedulesOf(a)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sendAt: new Date(Date.now() - 60_000).toISOString() }, 'sendAt', 'validation.invalidDate'],
      [{ sendAt: '31/02/2030' }, 'sendAt', 'validation.invalidDate'],
      [{ sendAt: '' }, 'sendAt', 'validation.required'],
      [{ repeatCount: 13, repeatPeriod: 'weekly' }, 'repeatCount', 'validation.max'],
      [{ repeatCount: '2x', repeatPeriod: 'weekly' }, 'repeatCount', 'validation.number'],
      [{ repeatCount: 2 }, 'repeatPeriod', 'validation.required'],
      [{ repeatCount: 2, repeatPeriod: 'daily' }, 'repeatPeriod', 'validation.invalidValue'],
      [{ body: '   ' }, 'body', 'validation.required'],
      [{ ticketId: '' }, 'ticketId', 'validation.required'],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(a, ticketId, over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body, JSON.stringify(over)).toMatchObject({ error: 'ERR_VALIDATION', fields: { [field]: message } });
    }
    expect((await schedulesOf(a)).length).toBe(before);
    expect((await ticketRow(h, a, ticketId))!.scheduledMessages).toBe(0);
  });

  it('takes a file instead of a text (multipart)', async () => {
    const { ticketId } = await openConversation(h, a);
    const boundary = `----prosa${randomUUID()}`;
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(field('ticketId', String(ticketId)) + field('sendAt', inHours(1)) + field('body', '')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/schedule',
      headers: { authorization: `Bearer ${a.admin.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ body: '', mediaName: 'foto.png' });
    expect(await scheduleRow(a, res.json().id)).toMatchObject({ mimeType: 'image/png' });
    // Without the file the text is required again.
    const cleared = await h.request('PUT', `/schedule/${res.json().id}`, {
      token: a.admin.token,
      body: { body: '', sendAt: inHours(1), removeFile: true },
    });
    expect(cleared).toMatchObject({ status: 400, body: { fields: { body: 'validation.required' } } });
    expect(await scheduleRow(a, res.json().id)).toMatchObject({ mediaName: 'foto.png' });
  });

  it('edits only pending schedules', async () => {
    const { ticketId } = await openConversation(h, a);
    const { id } = (await create(a, ticketId)).body;
    const sendAt = inHours(30);
    const res = await h.request('PUT', `/schedule/${id}`, {
      token: a.admin.token,
      body: { body: 'Outro texto', sendAt, repeatCount: 2, repeatPeriod: 'weekly' },
    });
    expect(res).toMatchObject({ status: 200, body: { id, body: 'Outro texto', sendAt, repeatCount: 2, repeatPeriod: 'weekly' } });
    const bad = await h.request('PUT', `/schedule/${id}`, {
      token: a.admin.token,
      body: { body: 'x', sendAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(bad).toMatchObject({ status: 400, body: { fields: { sendAt: 'validation.invalidDate' } } });
    await withTenant(db(), a.tenantId, (s) => s.update(schedules, { status: 'sent' }, eq(schedules.id, id)));
    const sent = await h.request('PUT', `/schedule/${id}`, { token: a.admin.token, body: { body: 'Tarde', sendAt } });
    expect(sent).toMatchObject({ status: 409, body: { error: 'ERR_SCHEDULE_NOT_PENDING' } });
    expect(await scheduleRow(a, id)).toMatchObject({ body: 'Outro texto', status: 'sent' });
  });

  it('an agent who may not see the ticket neither schedules on it nor touches its schedules', async () => {
    const ticketId = await queuedTicket(a);
    const agent = await h.user(a, 'user');
    const { id } = (await create(a, ticketId)).body;
    const before = await scheduleRow(a, id);

    expect(await create(a, ticketId, {}, agent.token)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(
      await h.request('PUT', `/schedule/${id}`, { token: agent.token, body: { body: 'Mudei', sendAt: inHours(3) } }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_SCHEDULE_FOUND' } });
    expect(await h.request('DELETE', `/schedule/${id}`, { token: agent.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_SCHEDULE_FOUND' },
    });
    expect((await h.request('GET', '/schedule', { token: agent.token })).body.schedules.map((s: { id: number }) => s.id)).not.toContain(id);
    expect(await scheduleRow(a, id)).toEqual(before);
    expect((await ticketRow(h, a, ticketId))!.scheduledMessages).toBe(1);

    // In the queue, the agent may.
    const member = await withTenant(db(), a.tenantId, (s) => s.first(tickets, eq(tickets.id, ticketId)));
    const inQueue = await h.user(a, 'user', { queueIds: [member!.queueId!] });
    expect((await create(a, ticketId, { body: 'Do agente' }, inQueue.token)).status).toBe(201);
    expect(
      await h.request('PUT', `/schedule/${id}`, { token: inQueue.token, body: { body: 'Do agente também', sendAt: inHours(3) } }),
    ).toMatchObject({ status: 200 });
    expect((await ticketRow(h, a, ticketId))!.scheduledMessages).toBe(2);
  });

  it("another company's tickets and schedules are not found and stay unchanged", async () => {
    const { ticketId } = await openConversation(h, a);
    const { id } = (await create(a, ticketId)).body;
    const before = await scheduleRow(a, id);
    const bBefore = (await schedulesOf(b)).length;

    expect(await create(b, ticketId)).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(
      await h.request('PUT', `/schedule/${id}`, { token: b.admin.token, body: { body: 'De B', sendAt: inHours(3) } }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_SCHEDULE_FOUND' } });
    expect(await h.request('DELETE', `/schedule/${id}`, { token: b.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_SCHEDULE_FOUND' },
    });
    expect((await h.request('GET', `/schedule?ticketId=${ticketId}`, { token: b.admin.token })).body).toMatchObject({
      schedules: [],
      count: 0,
    });
    expect(await scheduleRow(a, id)).toEqual(before);
    expect((await schedulesOf(b)).length).toBe(bBefore);
    expect((await ticketRow(h, a, ticketId))!.scheduledMessages).toBe(1);
  });
});
