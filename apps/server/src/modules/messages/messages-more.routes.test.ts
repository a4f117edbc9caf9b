import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { contacts, schedules, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import {
  fakeAdapter,
  inbound,
  openConversation,
  phone,
  sendText,
  ticketMessages,
  ticketRow,
} from './messages.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
const tg = fakeAdapter('telegram');
registerChannelAdapter(tg.adapter);
registerChannelAdapter(fakeAdapter('waba', 24).adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

const db = () => h.app.platform.db;
const conversation = (c: Company, n = 1, type: 'telegram' | 'waba' = 'telegram') => openConversation(h, c, n, type);
const sendAs = (c: Company, ticketId: number, body: string) => sendText(h, c, ticketId, body);

describe('messages routes: forward, PDF, window, schedules', () => {
  it('forwards to contacts: their active ticket on the channel or a new open one of the caller', async () => {
    const { ticketId, channel } = await conversation(a, 2);
    const src = await ticketMessages(h, a, ticketId);
    const withTicket = await inbound(h, a, channel, { from: { number: phone() } });
    const fresh = await withTenant(db(), a.tenantId, (s) => s.insert(contacts, { name: 'Novo', number: phone() }));
    const existingContact = (await ticketRow(h, a, withTicket.ticketId!))!.contactId;
    const res = await h.request('POST', '/forward-messages/', {
      token: a.admin.token,
      body: { messageIds: src.map((m) => m.id), contactIds: [existingContact, fresh.id] },
    });
    expect(res).toMatchObject({ status: 201, body: { ok: true } });
    expect((await ticketMessages(h, a, withTicket.ticketId!)).filter((m) => m.fromMe).map((m) => m.body)).toEqual([
      'msg 0',
      'msg 1',
    ]);
    const newTicket = await withTenant(db(), a.tenantId, (s) => s.first(tickets, eq(tickets.contactId, fresh.id)));
    expect(newTicket).toMatchObject({ status: 'open', userId: a.admin.userId, channelId: channel.id });
    expect(await ticketMessages(h, a, newTicket!.id)).toHaveLength(2);
    const bContact = await withTenant(db(), b.tenantId, (s) => s.insert(contacts, { name: 'De B', number: phone() }));
    const cross = await h.request('POST', '/forward-messages/', {
      token: a.admin.token,
      body: { messageIds: [src[0]!.id], contactIds: [bContact.id] },
    });
    expect(cross).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
  });

  it('downloads the conversation as a real PDF', async () => {
    const { ticketId } = await conversation(a, 3);
    await sendAs(a, ticketId, 'Resposta com acentuação e emoji 🎉');
    const res = await h.app.inject({
      method: 'GET',
      url: `/messages/pdf/${ticketId}`,
      headers: { authorization: `Bearer ${a.admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });

  it('answers the window: always open without a window, else 24 h after the last inbound message', async () => {
    const t = await conversation(a);
    expect((await h.request('GET', `/messages/window/${t.ticketId}`, { token: a.admin.token })).body).toEqual({
      open: true,
      expiresAt: null,
      channelType: 'telegram',
    });
    const w = await conversation(a, 1, 'waba');
    expect((await h.request('GET', `/messages/window/${w.ticketId}`, { token: a.admin.token })).body).toMatchObject({
      open: true,
      channelType: 'waba',
    });
    await withTenant(db(), a.tenantId, (s) =>
      s.update(tickets, { lastInboundAt: new Date(Date.now() - 25 * 3_600_000) }, eq(tickets.id, w.ticketId)),
    );
    expect((await h.request('GET', `/messages/window/${w.ticketId}`, { token: a.admin.token })).body).toMatchObject({
      open: false,
    });
  });

  it('lists scheduled messages the caller may see, newest first', async () => {
    const { ticketId } = await conversation(a);
    // The ticket is in a queue the agent is not in: its schedule is not the agent's to see.
    const q = (
      await h.request('POST', '/queue', {
        token: a.admin.token,
        body: { name: 'Agenda', color: '#00aa00', active: true },
      })
    ).body;
    await withTenant(db(), a.tenantId, (s) => s.update(tickets, { queueId: q.id }, eq(tickets.id, ticketId)));
    const agent = await h.user(a, 'user');
    const contactId = (await ticketRow(h, a, ticketId))!.contactId;
    await withTenant(db(), a.tenantId, (s) =>
      s.insert(schedules, [
        { contactId, ticketId, userId: a.admin.userId, body: 'do admin', sendAt: new Date(Date.now() + 3_600_000) },
        { contactId, userId: agent.userId, body: 'do agente', sendAt: new Date(Date.now() + 3_600_000) },
      ]),
    );
    const all = await h.request('GET', '/schedule', { token: a.admin.token });
    expect(all.status).toBe(200);
    expect(
      all.body.schedules
        .slice(0, 2)
        .map((x: { body: string }) => x.body)
        .sort(),
    ).toEqual(['do admin', 'do agente']);
    const mine = await h.request('GET', '/schedule', { token: agent.token });
    expect(mine.body.schedules.map((x: { body: string }) => x.body)).toContain('do agente');
    expect(mine.body.schedules.map((x: { body: string }) => x.body)).not.toContain('do admin');
    expect((await h.request('GET', '/schedule', { token: b.admin.token })).body).toMatchObject({
      schedules: [],
      count: 0,
    });
  });

  it("an agent outside the ticket's queue does not see it", async () => {
    const q = (
      await h.request('POST', '/queue', {
        token: a.admin.token,
        body: { name: 'Restrita', color: '#aa0000', active: true },
      })
    ).body;
    const { ticketId } = await conversation(a);
    await withTenant(db(), a.tenantId, (s) => s.update(tickets, { queueId: q.id }, eq(tickets.id, ticketId)));
    const agent = await h.user(a, 'user');
    expect(await h.request('GET', `/messages/${ticketId}`, { token: agent.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
    const member = await h.user(a, 'user', { queueIds: [q.id] });
    expect((await h.request('GET', `/messages/${ticketId}`, { token: member.token })).status).toBe(200);
  });
  it("another tenant's ids answer 404 here too and change nothing", async () => {
    const { ticketId } = await conversation(a, 1);
    const [msg] = await ticketMessages(h, a, ticketId);
    const before = await ticketRow(h, a, ticketId);
    const t = b.admin.token;
    const fwd = await h.request('POST', '/forward-messages/', {
      token: t,
      body: { messageIds: [msg!.id], contactIds: [before!.contactId] },
    });
    expect(fwd.status).toBe(404);
    expect((await h.request('GET', `/messages/pdf/${ticketId}`, { token: t })).status).toBe(404);
    expect((await h.request('GET', `/messages/window/${ticketId}`, { token: t })).status).toBe(404);
    expect(await ticketRow(h, a, ticketId)).toEqual(before);
    expect(await ticketMessages(h, a, ticketId)).toHaveLength(1);
  });
});
