import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChannelAdapter } from '../channels/channel-registry.js';
import { messages } from '../../platform/db/schema.js';
import { unsafeSystemDb, withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import {
  fakeAdapter,
  messageRow,
  openConversation,
  sendText,
  ticketMessages,
  ticketRow,
} from './messages.test-support.js';
import { presentMessage } from './messages.presenter.js';
import { messagesWithQuoted } from './messages.queries.js';

let h: Harness;
let a: Company;
let b: Company;
registerChannelAdapter(fakeAdapter('telegram').adapter);
registerChannelAdapter(fakeAdapter('waba', 24).adapter);

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
});
afterAll(() => h.close());

const db = () => h.app.platform.db;
const sys = () => unsafeSystemDb(db());
const conversation = (c: Company, n = 1, type: 'telegram' | 'waba' = 'telegram') => openConversation(h, c, n, type);
const sendAs = (c: Company, ticketId: number, body: string) => sendText(h, c, ticketId, body);

describe('messages routes', () => {
  it('needs a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/messages/1'],
      ['POST', '/messages/1'],
      ['DELETE', '/messages/1'],
      ['POST', '/messages/edit/1'],
      ['POST', '/messages/reactions/1'],
      ['POST', '/messages/resend/1'],
      ['POST', '/forward-messages/'],
      ['GET', '/messages/pdf/1'],
      ['GET', '/count/messages'],
      ['GET', '/messages/window/1'],
      ['GET', '/schedule'],
      ['GET', '/media/1'],
    ] as const) {
      expect(
        (await h.request(method, url, { body: method === 'GET' || method === 'DELETE' ? undefined : {} })).status,
        url,
      ).toBe(401);
    }
  });

  it('pages 20 messages newest first, oldest first within the page, and marks the ticket read', async () => {
    const { ticketId } = await conversation(a, 25);
    expect((await ticketRow(h, a, ticketId))!.unreadMessages).toBe(25);
    const p1 = await h.request('GET', `/messages/${ticketId}?pageNumber=1`, { token: a.admin.token });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({
      count: 25,
      hasMore: true,
      messagesOffLine: [],
      ticket: { id: ticketId, status: 'open' },
    });
    expect(p1.body.messages.map((m: { body: string }) => m.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `msg ${i + 5}`),
    );
    const p2 = await h.request('GET', `/messages/${ticketId}?pageNumber=2`, { token: a.admin.token });
    expect(p2.body).toMatchObject({ hasMore: false });
    expect(p2.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'msg 0',
      'msg 1',
      'msg 2',
      'msg 3',
      'msg 4',
    ]);
    expect((await ticketRow(h, a, ticketId))!.unreadMessages).toBe(0);
    // Past the last page: no rows, the count still there.
    const p3 = await h.request('GET', `/messages/${ticketId}?pageNumber=3`, { token: a.admin.token });
    expect(p3.body).toMatchObject({ count: 25, hasMore: false, messages: [] });
  });

  it('answers each message of a page as drizzle reads it, with the message it quotes', async () => {
    const { ticketId } = await conversation(a, 3);
    const rows = await ticketMessages(h, a, ticketId);
    await sys()
      .update(messages)
      .set({
        quotedMsgId: rows[0]!.id,
        interactive: { type: 'buttons', body: 'b', buttons: [{ id: '1', title: 'Sim' }] },
      })
      .where(eq(messages.id, rows[2]!.id));
    await sys().update(messages).set({ isDeleted: true }).where(eq(messages.id, rows[0]!.id));
    const page = await h.request('GET', `/messages/${ticketId}?pageNumber=1`, { token: a.admin.token });
    const expected = await withTenant(db(), a.tenantId, (s) =>
      messagesWithQuoted(
        s,
        rows.map((r) => r.id),
      ),
    );
    expect(page.body.messages).toEqual(
      JSON.parse(JSON.stringify(expected.map((m) => presentMessage(m.row, m.quoted)))),
    );
    expect(page.body.messages[2].quotedMsg).toEqual({ id: rows[0]!.id, body: '', fromMe: false, mediaType: 'chat' });
  });

  it('rejects bad input with field keys and changes nothing', async () => {
    const { ticketId } = await conversation(a);
    const before = await ticketMessages(h, a, ticketId);
    const empty = await h.request('POST', `/messages/${ticketId}`, { token: a.admin.token, body: { body: '   ' } });
    expect(empty).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { body: 'validation.required' } },
    });
    const long = await h.request('POST', `/messages/${ticketId}`, {
      token: a.admin.token,
      body: { body: 'x'.repeat(5000) },
    });
    expect(long).toMatchObject({ status: 400, body: { fields: { body: 'validation.max' } } });
    const edit = await h.request('POST', `/messages/edit/${before[0]!.id}`, {
      token: a.admin.token,
      body: { body: ' ' },
    });
    expect(edit).toMatchObject({ status: 400, body: { fields: { body: 'validation.required' } } });
    const eleven = await h.request('POST', '/forward-messages/', {
      token: a.admin.token,
      body: { messageIds: Array.from({ length: 11 }, (_, i) => i + 1), contactIds: [1] },
    });
    expect(eleven).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { messageIds: 'validation.max' } },
    });
    const six = await h.request('POST', '/forward-messages/', {
      token: a.admin.token,
      body: { messageIds: [1], contactIds: [1, 2, 3, 4, 5, 6] },
    });
    expect(six).toMatchObject({ status: 400, body: { fields: { contactIds: 'validation.max' } } });
    expect((await h.request('GET', '/messages/abc', { token: a.admin.token })).status).toBe(400);
    expect(await ticketMessages(h, a, ticketId)).toEqual(before);
  });

  it('dashboard counts are for supervisors and admins only', async () => {
    await conversation(a, 2);
    const agent = await h.user(a, 'user');
    expect(await h.request('GET', '/count/messages', { token: agent.token })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    const res = await h.request('GET', '/count/messages', { token: a.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.fromMe + res.body.received);
    expect(res.body.today).toBeGreaterThanOrEqual(2);
    const sup = await h.user(a, 'supervisor');
    expect((await h.request('GET', '/count/messages', { token: sup.token })).status).toBe(200);
  });

  it('deletes our own messages of the last 24 hours only; the body is kept but shown empty', async () => {
    const { ticketId } = await conversation(a);
    const [received] = await ticketMessages(h, a, ticketId);
    expect(await h.request('DELETE', `/messages/${received!.id}`, { token: a.admin.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_DELETE_WAPP_MSG' },
    });
    const mine = await sendAs(a, ticketId, 'apagar');
    const del = await h.request('DELETE', `/messages/${mine.id}`, { token: a.admin.token });
    expect(del).toMatchObject({ status: 200, body: { isDeleted: true, body: '' } });
    expect(await messageRow(h, a, mine.id)).toMatchObject({ isDeleted: true, body: 'apagar' });
    const old = await sendAs(a, ticketId, 'antiga');
    await withTenant(db(), a.tenantId, (s) =>
      s.update(messages, { createdAt: new Date(Date.now() - 25 * 3_600_000) }, eq(messages.id, old.id)),
    );
    expect(await h.request('DELETE', `/messages/${old.id}`, { token: a.admin.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_DELETE_WAPP_MSG' },
    });
    expect(await messageRow(h, a, old.id)).toMatchObject({ isDeleted: false });
  });

  it('edits our own text messages and toggles reactions', async () => {
    const { ticketId } = await conversation(a);
    const mine = await sendAs(a, ticketId, 'com erro');
    const edited = await h.request('POST', `/messages/edit/${mine.id}`, {
      token: a.admin.token,
      body: { body: 'corrigido' },
    });
    expect(edited).toMatchObject({ status: 200, body: { body: 'corrigido', isEdited: true } });
    const [theirs] = await ticketMessages(h, a, ticketId);
    expect(
      (await h.request('POST', `/messages/edit/${theirs!.id}`, { token: a.admin.token, body: { body: 'x' } })).status,
    ).toBe(403);
    const react = (emoji: string) =>
      h.request('POST', `/messages/reactions/${theirs!.id}`, { token: a.admin.token, body: { emoji } });
    expect((await react('👍')).body.reactions).toEqual([{ emoji: '👍', fromMe: true, userId: a.admin.userId }]);
    expect((await react('❤️')).body.reactions).toEqual([{ emoji: '❤️', fromMe: true, userId: a.admin.userId }]);
    expect((await react('❤️')).body.reactions).toEqual([]);
  });

  it("another tenant's tickets and messages answer 404 on every route and stay unchanged", async () => {
    const { ticketId } = await conversation(a, 2);
    const mine = await sendAs(a, ticketId, 'privada');
    const [theirs] = await ticketMessages(h, a, ticketId);
    const ticketBefore = await ticketRow(h, a, ticketId);
    const rowsBefore = await ticketMessages(h, a, ticketId);
    const t = b.admin.token;
    const expect404 = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
      const res = await h.request(method, url, { token: t, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    };
    await expect404('GET', `/messages/${ticketId}`);
    await expect404('POST', `/messages/${ticketId}`, { body: 'invasão' });
    await expect404('DELETE', `/messages/${mine.id}`);
    await expect404('POST', `/messages/edit/${mine.id}`, { body: 'invasão' });
    await expect404('POST', `/messages/reactions/${theirs!.id}`, { emoji: '👎' });
    await expect404('POST', `/messages/resend/${mine.id}`);
    await expect404('POST', '/forward-messages/', { messageIds: [theirs!.id], contactIds: [ticketBefore!.contactId] });
    await expect404('GET', `/messages/pdf/${ticketId}`);
    await expect404('GET', `/messages/window/${ticketId}`);
    await expect404('GET', `/media/${mine.id}`);
    const counts = await h.request('GET', '/count/messages', { token: t });
    expect(counts.body.total).toBe(0);
    expect(await ticketRow(h, a, ticketId)).toEqual(ticketBefore);
    const rowsAfter = await ticketMessages(h, a, ticketId);
    expect(
      rowsAfter.map((m) => ({ ...m, status: null, updatedAt: null, externalId: null, sendAttempts: null })),
    ).toEqual(rowsBefore.map((m) => ({ ...m, status: null, updatedAt: null, externalId: null, sendAttempts: null })));
  });
});
