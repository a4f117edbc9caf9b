import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../platform/db/schema.js';
import { withTenant, type TenantScope } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { clientId, say, visitor, webchatChannel } from '../testing/webchat.test-support.js';

let h: Harness;
let a: Company;
let b: Company;
let chA: ChannelRow;
let chB: ChannelRow;

beforeAll(async () => {
  h = await startHarness();
  a = await h.company();
  b = await h.company();
  chA = await webchatChannel(h, a);
  chB = await webchatChannel(h, b);
});
afterAll(() => h.close());

const inTenant = <R>(c: Company, fn: (scope: TenantScope) => Promise<R>) =>
  withTenant(h.app.platform.db, c.tenantId, fn);

describe('web chat session', () => {
  it('issues a visitor and keeps it when the widget proves it with its token', async () => {
    const res = await h.request('POST', `/webchat/${chA.token}/session`, {
      body: { name: 'Maria', email: 'maria@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      visitorId: expect.any(String),
      visitorToken: expect.any(String),
      channel: { name: chA.name },
    });
    const again = await h.request('POST', `/webchat/${chA.token}/session`, {
      body: { visitorToken: res.body.visitorToken },
    });
    expect(again.body.visitorId).toBe(res.body.visitorId);
  });

  it('never trusts a visitor id without its token, nor a token of another channel', async () => {
    const v = await visitor(h, chA.token);
    const bare = await visitor(h, chA.token, { visitorId: v.visitorId });
    expect(bare.visitorId).not.toBe(v.visitorId);
    const other = await visitor(h, chB.token, { visitorId: v.visitorId, visitorToken: v.visitorToken });
    expect(other.visitorId).not.toBe(v.visitorId);
    const forged = await visitor(h, chA.token, { visitorToken: `${v.visitorToken.slice(0, -2)}xx` });
    expect(forged.visitorId).not.toBe(v.visitorId);
  });

  it("a returning visitor who gives a name and email updates its contact, not another's", async () => {
    const v = await visitor(h, chA.token);
    await say(h, chA.token, v, 'oi, sem nome ainda');
    const other = await visitor(h, chA.token);
    await say(h, chA.token, other, 'eu sou outro');
    const again = await h.request('POST', `/webchat/${chA.token}/session`, {
      body: { visitorToken: v.visitorToken, name: 'Joana Prado', email: 'joana@example.com' },
    });
    expect(again.status).toBe(200);
    const mine = await inTenant(a, (s) => s.first(contacts, eq(contacts.webchatId, v.visitorId)));
    expect(mine).toMatchObject({ name: 'Joana Prado', email: 'joana@example.com' });
    const theirs = await inTenant(a, (s) => s.first(contacts, eq(contacts.webchatId, other.visitorId)));
    expect(theirs?.name).not.toBe('Joana Prado');
    // A token of this visitor on tenant B's channel is a new visitor there: A's contact is untouched.
    await h.request('POST', `/webchat/${chB.token}/session`, {
      body: { visitorToken: v.visitorToken, name: 'Intrusa' },
    });
    expect((await inTenant(a, (s) => s.first(contacts, eq(contacts.webchatId, v.visitorId))))?.name).toBe(
      'Joana Prado',
    );
  });

  it('rejects bad input with a code', async () => {
    const long = await h.request('POST', `/webchat/${chA.token}/session`, { body: { name: 'x'.repeat(81) } });
    expect(long).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { name: 'validation.max' } } });
    const email = await h.request('POST', `/webchat/${chA.token}/session`, { body: { email: 'not-an-email' } });
    expect(email).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((await h.request('POST', `/webchat/${chA.token}/session`, { body: { email: '' } })).status).toBe(200);
  });

  it('an unknown key, or a channel that is not web chat, answers 404', async () => {
    const res = await h.request('POST', '/webchat/no-such-key-123/session', { body: {} });
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    const telegram = await webchatChannel(h, a, 'telegram');
    expect((await h.request('POST', `/webchat/${telegram.token}/session`, { body: {} })).status).toBe(404);
    expect((await h.request('POST', '/webchat/%3Cscript%3E/session', { body: {} })).status).toBe(404);
  });
});

describe('web chat messages', () => {
  it('stores a message once, in a ticket of the channel, even when POSTed twice', async () => {
    const v = await visitor(h, chA.token, { name: 'João', email: 'joao@example.com' });
    const id = clientId();
    const first = await say(h, chA.token, v, 'Olá, vocês entregam?', id);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), ticketId: expect.any(Number) });
    const retry = await say(h, chA.token, v, 'Olá, vocês entregam?', id);
    expect(retry.body).toEqual(first.body);
    const { stored, ticket, contact } = await inTenant(a, async (scope) => ({
      stored: await scope.select(messages, eq(messages.ticketId, first.body.ticketId)),
      ticket: await scope.first(tickets, eq(tickets.id, first.body.ticketId)),
      contact: await scope.first(contacts, eq(contacts.webchatId, v.visitorId)),
    }));
    expect(stored.filter((m) => !m.fromMe && m.mediaType !== 'system')).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      body: 'Olá, vocês entregam?',
      externalId: `wc-in-${v.visitorId}-${id}`,
      channelId: chA.id,
    });
    expect(ticket).toMatchObject({ channelId: chA.id, queueId: chA.defaultQueueId });
    expect(contact).toMatchObject({ name: 'João', email: 'joao@example.com', id: ticket!.contactId });
  });

  it('needs the visitor token of this very channel', async () => {
    expect(await say(h, chA.token, { visitorId: 'x', visitorToken: '' }, 'oi')).toMatchObject({ status: 401 });
    expect(await say(h, chA.token, { visitorId: 'x', visitorToken: 'garbage' }, 'oi')).toMatchObject({
      status: 401,
      body: { error: 'ERR_SESSION_EXPIRED' },
    });
    // A staff access token is not a visitor token, and a visitor token is no staff token.
    expect(await say(h, chA.token, { visitorId: 'x', visitorToken: a.admin.token }, 'oi')).toMatchObject({
      status: 401,
    });
    const v = await visitor(h, chA.token);
    expect((await h.request('GET', '/queue', { token: v.visitorToken })).status).toBe(401);
  });

  it("a token of tenant A's channel cannot post to, nor read, tenant B's channel", async () => {
    const v = await visitor(h, chA.token);
    const before = await inTenant(b, (scope) => scope.count(messages));
    expect(await say(h, chB.token, v, 'invasão')).toMatchObject({
      status: 401,
      body: { error: 'ERR_SESSION_EXPIRED' },
    });
    expect((await h.request('GET', `/webchat/${chB.token}/messages`, { token: v.visitorToken })).status).toBe(401);
    expect(await inTenant(b, (scope) => scope.count(messages))).toBe(before);
    expect(await inTenant(a, (scope) => scope.count(messages, eq(messages.body, 'invasão')))).toBe(0);
  });

  it('rejects bad messages with a code and stores nothing', async () => {
    const v = await visitor(h, chA.token);
    for (const body of [
      { text: '', clientId: clientId() },
      { text: 'x'.repeat(4097), clientId: clientId() },
      { text: 'oi', clientId: 'short' },
      { text: 'oi' },
    ]) {
      const res = await h.request('POST', `/webchat/${chA.token}/messages`, { token: v.visitorToken, body });
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect(await inTenant(a, (scope) => scope.count(contacts, eq(contacts.webchatId, v.visitorId)))).toBe(0);
  });

  it('refuses a body over 16 KB', async () => {
    const v = await visitor(h, chA.token);
    const res = await say(h, chA.token, v, 'x'.repeat(17 * 1024));
    expect(res).toMatchObject({ status: 413, body: { error: 'ERR_REQUEST_TOO_LARGE' } });
  });

  it('limits a visitor to 20 messages a minute, without limiting the others', async () => {
    const v = await visitor(h, chA.token);
    for (let i = 0; i < 20; i++) expect((await say(h, chA.token, v, `msg ${i}`)).status).toBe(201);
    expect(await say(h, chA.token, v, 'one too many')).toMatchObject({
      status: 429,
      body: { error: 'ERR_TOO_MANY_ATTEMPTS' },
    });
    // A forged client address opens no fresh bucket: the limit is the visitor's.
    const forged = await h.request('POST', `/webchat/${chA.token}/messages`, {
      token: v.visitorToken,
      body: { text: 'via another ip', clientId: clientId() },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forged.status).toBe(429);
    expect((await say(h, chA.token, await visitor(h, chA.token), 'another visitor')).status).toBe(201);
  });

  it('shows a visitor its own conversation only, oldest first, deleted messages empty', async () => {
    const v1 = await visitor(h, chA.token);
    const v2 = await visitor(h, chA.token);
    const m1 = (await say(h, chA.token, v1, 'primeira')).body;
    await say(h, chA.token, v2, 'de outro visitante');
    const m2 = (await say(h, chA.token, v1, 'segunda')).body;
    await inTenant(a, async (scope) => {
      await scope.update(messages, { isDeleted: true }, eq(messages.id, m2.id));
      const base = { ticketId: m1.ticketId, channelId: chA.id, fromMe: true };
      await scope.insert(messages, [
        { ...base, body: 'resposta do atendente', status: 'sent' },
        { ...base, body: 'agendada, ainda não enviada', status: 'pending' },
        { ...base, body: 'nota do sistema', status: 'sent', mediaType: 'system' },
      ]);
    });
    const res = await h.request('GET', `/webchat/${chA.token}/messages`, { token: v1.visitorToken });
    expect(res.status).toBe(200);
    expect(res.body.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toEqual([
      ['primeira', false],
      ['', false],
      ['resposta do atendente', true],
    ]);
    expect(res.body[0]).toEqual({
      id: m1.id,
      body: 'primeira',
      fromMe: false,
      createdAt: expect.any(String),
      status: expect.any(String),
      isEdited: false,
      isDeleted: false,
      reaction: '',
      // A customer's message: no agent's name, not the end of the conversation, no rating asked.
      senderName: '',
      ended: false,
      rating: false,
      mediaType: 'chat',
      media: false,
    });
    expect(res.body[1]).toMatchObject({ body: '', isDeleted: true });
    const other = await h.request('GET', `/webchat/${chA.token}/messages`, { token: v2.visitorToken });
    expect(other.body.map((m: { body: string }) => m.body)).toEqual(['de outro visitante']);
    expect((await h.request('GET', `/webchat/${chA.token}/messages`)).status).toBe(401);
  });

  it('answers any origin: preflight and responses carry CORS headers', async () => {
    const pre = await h.app.inject({
      method: 'OPTIONS',
      url: `/webchat/${chA.token}/messages`,
      headers: {
        origin: 'https://loja.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(String(pre.headers['access-control-allow-headers'])).toMatch(/authorization/);
    const res = await h.request('POST', `/webchat/${chA.token}/session`, {
      body: {},
      headers: { origin: 'https://loja.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const err = await h.request('GET', `/webchat/${chA.token}/messages`, {
      headers: { origin: 'https://loja.example' },
    });
    expect(err.status).toBe(401);
    expect(err.headers['access-control-allow-origin']).toBe('*');
    // Staff routes stay same-origin.
    expect(
      (await h.request('GET', '/healthz', { headers: { origin: 'https://loja.example' } })).headers[
        'access-control-allow-origin'
      ],
    ).toBeUndefined();
  });

  it('keeps the ticket: a second message lands in the same open ticket', async () => {
    const v = await visitor(h, chA.token);
    const one = (await say(h, chA.token, v, 'um')).body;
    const two = (await say(h, chA.token, v, 'dois')).body;
    expect(two.ticketId).toBe(one.ticketId);
    const count = await inTenant(a, (scope) =>
      scope.count(tickets, and(eq(tickets.id, one.ticketId), eq(tickets.channelId, chA.id))),
    );
    expect(count).toBe(1);
  });
});
