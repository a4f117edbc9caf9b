import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callIntents, callLines } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import { startHarness, type Company, type Harness, type Session } from '../../test/harness.js';
import { ticketFactories } from '../tickets/test-factories.js';

const NOWHERE = 'http://127.0.0.1:9';
const PROVIDER = 'http://wavoip.test:8080';
let h: Harness;
let a: Company;
let b: Company;
let agent: Session;
let supervisor: Session;

beforeAll(async () => {
  h = await startHarness({
    providers: { graphApiUrl: NOWHERE, telegramApiRoot: NOWHERE, wavoipUrl: PROVIDER, wavoipStorageUrl: NOWHERE },
  });
  a = await h.company();
  b = await h.company();
  agent = await h.user(a, 'user');
  supervisor = await h.user(a, 'supervisor');
});
afterAll(() => h.close());

const token = () => `tok-${randomUUID()}`;
const newLine = async (c: Company, over: Record<string, unknown> = {}) => {
  const res = await h.request('POST', '/callLines', {
    token: c.admin.token,
    body: { name: `Linha ${randomUUID().slice(0, 6)}`, token: token(), channelId: null, active: true, ...over },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; token: string; channelId: number | null; webhookUrl: string };
};
const linesOf = async (c: Company) =>
  (await h.request('GET', '/callLines', { token: c.admin.token })).body.lines as { id: number; name: string }[];
const rowsOf = (c: Company) => withTenant(h.app.platform.db, c.tenantId, (s) => s.select(callLines));
const intentsOf = (c: Company) => withTenant(h.app.platform.db, c.tenantId, (s) => s.select(callIntents));
const giveLines = async (c: Company, s: Session, callLineIds: number[], callsBlocked = false) => {
  const res = await h.request('PUT', `/users/${s.userId}`, {
    token: c.admin.token,
    body: { callLineIds, callsBlocked },
  });
  expect(res.status).toBe(200);
};

describe('call lines', () => {
  it('needs a token', async () => {
    expect((await h.request('GET', '/callLines')).status).toBe(401);
    expect((await h.request('POST', '/callLines', { body: { name: 'x', token: 'y' } })).status).toBe(401);
    expect((await h.request('PUT', '/callLines/1', { body: { name: 'x', token: 'y' } })).status).toBe(401);
    expect((await h.request('DELETE', '/callLines/1')).status).toBe(401);
    expect((await h.request('GET', '/user/channelwavoip/')).status).toBe(401);
    expect((await h.request('POST', '/calls/intents', { body: {} })).status).toBe(401);
    expect((await h.request('GET', '/calls/lookup?phone=5511')).status).toBe(401);
    expect((await h.request('GET', '/tickets/1/calls')).status).toBe(401);
  });

  it('an admin creates, lists, updates and deletes a line; the webhook URL carries an unguessable secret', async () => {
    const channel = await ticketFactories(h.app.platform.db, a.tenantId).channel();
    const t = token();
    const created = await h.request('POST', '/callLines', {
      token: a.admin.token,
      body: { name: 'Recepção', token: t, channelId: channel.id, active: true },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Recepção', token: t, channelId: channel.id, channelName: channel.name, active: true },
    });
    expect(created.body.webhookUrl).toMatch(/\/webhooks\/wavoip\/[A-Za-z0-9_-]{32}$/);
    const other = await newLine(a);
    expect(new URL(other.webhookUrl).pathname).not.toBe(new URL(created.body.webhookUrl).pathname);
    expect((await linesOf(a)).map((l) => l.id)).toEqual(expect.arrayContaining([created.body.id, other.id]));

    const updated = await h.request('PUT', `/callLines/${created.body.id}`, {
      token: a.admin.token,
      body: { name: 'Recepção 2', token: t, channelId: null, active: false },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { name: 'Recepção 2', channelId: null, channelName: null, active: false },
    });
    // The secret does not change with an edit (the URL in Wavoip's panel keeps working).
    expect(updated.body.webhookUrl).toBe(created.body.webhookUrl);
    expect((await h.request('DELETE', `/callLines/${created.body.id}`, { token: a.admin.token })).status).toBe(204);
    expect(await h.request('DELETE', `/callLines/${created.body.id}`, { token: a.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_CALL_LINE_NOT_FOUND' },
    });
  });

  it('rejects bad input with a code and changes nothing', async () => {
    const line = await newLine(a);
    const before = await rowsOf(a);
    expect(
      await h.request('POST', '/callLines', {
        token: a.admin.token,
        body: { name: ' ', token: token(), channelId: null },
      }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: { name: 'validation.required' } } });
    expect(
      (await h.request('POST', '/callLines', { token: a.admin.token, body: { name: 'x', token: '', channelId: null } }))
        .body.fields,
    ).toMatchObject({ token: 'validation.required' });
    expect(
      (
        await h.request('PUT', `/callLines/${line.id}`, {
          token: a.admin.token,
          body: { name: 'x', token: 't', channelId: 'abc' },
        })
      ).body.error,
    ).toBe('ERR_VALIDATION');
    expect(
      (await h.request('PUT', '/callLines/abc', { token: a.admin.token, body: { name: 'x', token: 't' } })).body.error,
    ).toBe('ERR_VALIDATION');
    expect((await h.request('DELETE', '/callLines/0', { token: a.admin.token })).body.error).toBe('ERR_VALIDATION');
    // A token already registered, in this company or another: 409.
    expect(
      await h.request('POST', '/callLines', {
        token: a.admin.token,
        body: { name: 'x', token: line.token, channelId: null },
      }),
    ).toMatchObject({ status: 409, body: { error: 'ERR_CALL_LINE_TOKEN_EXISTS' } });
    expect(
      await h.request('POST', '/callLines', {
        token: b.admin.token,
        body: { name: 'x', token: line.token, channelId: null },
      }),
    ).toMatchObject({ status: 409, body: { error: 'ERR_CALL_LINE_TOKEN_EXISTS' } });
    const second = await newLine(a);
    expect(
      await h.request('PUT', `/callLines/${second.id}`, {
        token: a.admin.token,
        body: { name: 'x', token: line.token, channelId: null, active: true },
      }),
    ).toMatchObject({ status: 409, body: { error: 'ERR_CALL_LINE_TOKEN_EXISTS' } });
    // Another company's channel is no channel.
    const channelB = await ticketFactories(h.app.platform.db, b.tenantId).channel();
    expect(
      await h.request('POST', '/callLines', {
        token: a.admin.token,
        body: { name: 'x', token: token(), channelId: channelB.id },
      }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    const after = await rowsOf(a);
    expect(after.filter((r) => r.id !== second.id)).toEqual(before);
  });

  it('only admins manage lines', async () => {
    const line = await newLine(a);
    for (const s of [agent, supervisor]) {
      expect((await h.request('GET', '/callLines', { token: s.token })).status).toBe(403);
      expect(
        (await h.request('POST', '/callLines', { token: s.token, body: { name: 'x', token: token() } })).status,
      ).toBe(403);
      expect(
        (await h.request('PUT', `/callLines/${line.id}`, { token: s.token, body: { name: 'x', token: line.token } }))
          .status,
      ).toBe(403);
      expect((await h.request('DELETE', `/callLines/${line.id}`, { token: s.token })).status).toBe(403);
    }
    expect((await rowsOf(a)).find((r) => r.id === line.id)?.name).toBe(line.name);
  });

  it("another company's token and ids: 404 and nothing changed", async () => {
    const line = await newLine(a);
    const before = await rowsOf(a);
    expect((await linesOf(b)).map((l) => l.id)).not.toContain(line.id);
    expect(
      await h.request('PUT', `/callLines/${line.id}`, {
        token: b.admin.token,
        body: { name: 'roubada', token: token(), channelId: null, active: true },
      }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_CALL_LINE_NOT_FOUND' } });
    expect(await h.request('DELETE', `/callLines/${line.id}`, { token: b.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_CALL_LINE_NOT_FOUND' },
    });
    // Nor can its users be given another company's line.
    const userB = await h.user(b, 'user');
    expect(
      await h.request('PUT', `/users/${userB.userId}`, { token: b.admin.token, body: { callLineIds: [line.id] } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { callLineIds: 'validation.invalidValue' } },
    });
    expect(await rowsOf(a)).toEqual(before);
  });
});

describe("users' call access", () => {
  it('admins give lines and block calls; the user answers carry them; an agent may not change its own', async () => {
    const l1 = await newLine(a);
    const l2 = await newLine(a);
    const created = await h.request('POST', '/users', {
      token: a.admin.token,
      body: {
        name: 'Com linhas',
        email: `calls-${randomUUID().slice(0, 8)}@test.prosa`,
        profile: 'user',
        password: 'secret-pass-1',
        callLineIds: [l2.id, l1.id],
        callsBlocked: true,
      },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { callLineIds: [l1.id, l2.id].sort((x, y) => x - y), callsBlocked: true },
    });
    const id = created.body.id;
    expect((await h.request('GET', `/users/${id}`, { token: a.admin.token })).body).toMatchObject({
      callsBlocked: true,
    });
    const listed = await h.request('GET', '/users/?pageSize=200', { token: a.admin.token });
    expect(listed.body.users.find((u: { id: number }) => u.id === id)).toMatchObject({ callsBlocked: true });

    await giveLines(a, agent, [l1.id]);
    // An agent lifting its own block or taking more lines: refused, nothing changed.
    await giveLines(a, agent, [l1.id], true);
    expect(
      await h.request('PUT', `/users/${agent.userId}`, { token: agent.token, body: { callsBlocked: false } }),
    ).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(
      await h.request('PUT', `/users/${agent.userId}`, { token: agent.token, body: { callLineIds: [l1.id, l2.id] } }),
    ).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await h.request('GET', `/users/${agent.userId}`, { token: agent.token })).body).toMatchObject({
      callLineIds: [l1.id],
      callsBlocked: true,
    });
    await giveLines(a, agent, [l1.id], false);
  });

  it('GET /user/channelwavoip: the active lines the user may use, the channel’s first; none when blocked', async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const channel = await f.channel();
    const user = await h.user(a, 'user');
    const elsewhere = await newLine(a, { name: 'A outra' });
    const ofChannel = await newLine(a, { name: 'Z do canal', channelId: channel.id });
    const inactive = await newLine(a, { active: false });
    await newLine(a); // not given to the user
    await giveLines(a, user, [elsewhere.id, ofChannel.id, inactive.id]);
    const all = await h.request('GET', '/user/channelwavoip/', { token: user.token });
    expect(all).toMatchObject({ status: 200, body: { providerUrl: PROVIDER } });
    expect(all.body.lines).toEqual([
      { id: elsewhere.id, name: 'A outra', token: elsewhere.token, channelId: null },
      { id: ofChannel.id, name: 'Z do canal', token: ofChannel.token, channelId: channel.id },
    ]);
    const first = await h.request('GET', `/user/channelwavoip/?channelId=${channel.id}`, { token: user.token });
    expect(first.body.lines.map((l: { id: number }) => l.id)).toEqual([ofChannel.id, elsewhere.id]);
    expect((await h.request('GET', '/user/channelwavoip/?channelId=abc', { token: user.token })).body.error).toBe(
      'ERR_VALIDATION',
    );
    await giveLines(a, user, [elsewhere.id, ofChannel.id], true);
    expect((await h.request('GET', '/user/channelwavoip/', { token: user.token })).body).toEqual({
      providerUrl: PROVIDER,
      lines: [],
    });
    // Another company's user sees none of these.
    expect((await h.request('GET', '/user/channelwavoip/', { token: b.admin.token })).body.lines).toEqual([]);
  });
});

describe('call intents', () => {
  it('records what the user places or accepted, on a line it may use, with a contact and ticket it may see', async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const user = await h.user(a, 'user');
    const line = await newLine(a);
    await giveLines(a, user, [line.id]);
    const contact = await f.contact({ number: '5511987650001' });
    const ticket = await f.ticket({ contactId: contact.id, status: 'open', userId: user.userId });
    const res = await h.request('POST', '/calls/intents', {
      token: user.token,
      body: { lineId: line.id, contactId: contact.id, ticketId: ticket.id, direction: 'out' },
    });
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number) } });
    const [row] = (await intentsOf(a)).filter((i) => i.id === res.body.id);
    expect(row).toMatchObject({
      lineId: line.id,
      userId: user.userId,
      contactId: contact.id,
      ticketId: ticket.id,
      phone: '5511987650001',
      direction: 'out',
    });
    // A caller no contact has yet: named by its number, its contact is created.
    const byPhone = await h.request('POST', '/calls/intents', {
      token: user.token,
      body: { lineId: line.id, phone: '+55 11 98765-0999', direction: 'in' },
    });
    expect(byPhone.status).toBe(201);
    const [fresh] = (await intentsOf(a)).filter((i) => i.id === byPhone.body.id);
    expect(fresh).toMatchObject({ phone: '5511987650999', ticketId: null });
    expect(fresh!.contactId).not.toBe(contact.id);
    // Without a ticket.
    expect(
      (
        await h.request('POST', '/calls/intents', {
          token: user.token,
          body: { lineId: line.id, contactId: contact.id, direction: 'in' },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses bad input, a blocked user, a line not its own, contacts and tickets it may not see; nothing stored', async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const user = await h.user(a, 'user');
    const line = await newLine(a);
    const notMine = await newLine(a);
    await giveLines(a, user, [line.id]);
    const contact = await f.contact();
    const othersTicket = await f.ticket({
      contactId: contact.id,
      status: 'open',
      userId: agent.userId,
      queueId: (await f.queue()).id,
    });
    const contactB = await ticketFactories(h.app.platform.db, b.tenantId).contact();
    const before = (await intentsOf(a)).length;
    const post = (body: Record<string, unknown>, s: Session = user) =>
      h.request('POST', '/calls/intents', { token: s.token, body });
    expect(await post({ lineId: line.id, contactId: contact.id, direction: 'sideways' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { direction: 'validation.invalidValue' } },
    });
    expect((await post({ lineId: 'x', contactId: contact.id, direction: 'in' })).body.error).toBe('ERR_VALIDATION');
    expect(await post({ lineId: line.id, direction: 'in' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { contactId: 'validation.required' } },
    });
    expect((await post({ lineId: line.id, phone: 'abc', direction: 'in' })).body.fields).toMatchObject({
      phone: 'validation.phone',
    });
    expect(await post({ lineId: notMine.id, contactId: contact.id, direction: 'out' })).toMatchObject({
      status: 404,
      body: { error: 'ERR_CALL_LINE_NOT_FOUND' },
    });
    expect(await post({ lineId: line.id, contactId: contactB.id, direction: 'out' })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_FOUND' },
    });
    expect(
      await post({ lineId: line.id, contactId: contact.id, ticketId: othersTicket.id, direction: 'out' }),
    ).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
    // Another company's admin with this company's line.
    expect(await post({ lineId: line.id, contactId: contactB.id, direction: 'out' }, b.admin)).toMatchObject({
      status: 404,
      body: { error: 'ERR_CALL_LINE_NOT_FOUND' },
    });
    await giveLines(a, user, [line.id], true);
    expect(await post({ lineId: line.id, contactId: contact.id, direction: 'out' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_CALLS_BLOCKED' },
    });
    expect((await intentsOf(a)).length).toBe(before);
    expect(await intentsOf(b)).toEqual([]);
  });
});

describe('caller lookup', () => {
  it("names the caller and its open ticket; another company's contact is nobody; numbers hidden mask a name that is the number", async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const user = await h.user(a, 'user');
    const named = await f.contact({ number: '5511970000001', name: 'Maria' });
    const ticket = await f.ticket({ contactId: named.id, status: 'open', userId: user.userId });
    expect(await h.request('GET', '/calls/lookup?phone=+55 (11) 97000-0001', { token: user.token })).toMatchObject({
      status: 200,
      body: { contact: { id: named.id, name: 'Maria' }, ticketId: ticket.id },
    });
    const bare = await f.contact({ number: '5511970000002', name: '5511970000002' });
    await ticketFactories(h.app.platform.db, b.tenantId).contact({ number: '5511970000003', name: 'De B' });
    expect((await h.request('GET', '/calls/lookup?phone=5511970000003', { token: user.token })).body).toEqual({
      contact: null,
      ticketId: null,
    });
    expect((await h.request('GET', '/calls/lookup?phone=abc', { token: user.token })).body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { phone: 'validation.phone' },
    });
    expect((await h.request('GET', '/calls/lookup', { token: user.token })).body.error).toBe('ERR_VALIDATION');
    await h.request('PUT', '/settings/hidePhoneNumber', { token: a.admin.token, body: { value: 'enabled' } });
    try {
      const masked = await h.request('GET', '/calls/lookup?phone=5511970000002', { token: user.token });
      expect(masked.body.contact.id).toBe(bare.id);
      expect(masked.body.contact.name).not.toContain('97000');
      expect(
        (await h.request('GET', '/calls/lookup?phone=5511970000002', { token: a.admin.token })).body.contact.name,
      ).toBe('5511970000002');
    } finally {
      await h.request('PUT', '/settings/hidePhoneNumber', { token: a.admin.token, body: { value: 'disabled' } });
    }
  });
});

describe('ticket calls', () => {
  it("answers the ticket's calls to who may see it, 404 otherwise", async () => {
    const f = ticketFactories(h.app.platform.db, a.tenantId);
    const queue = await f.queue();
    const ticket = await f.ticket({ status: 'open', userId: agent.userId, queueId: queue.id });
    expect(await h.request('GET', `/tickets/${ticket.id}/calls`, { token: agent.token })).toMatchObject({
      status: 200,
      body: { calls: [] },
    });
    const stranger = await h.user(a, 'user');
    expect((await h.request('GET', `/tickets/${ticket.id}/calls`, { token: stranger.token })).status).toBe(404);
    expect(await h.request('GET', `/tickets/${ticket.id}/calls`, { token: b.admin.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TICKET_FOUND' },
    });
    expect((await h.request('GET', '/tickets/abc/calls', { token: agent.token })).body.error).toBe('ERR_VALIDATION');
    expect((await h.request('GET', '/callLogs/abc/recording', { token: agent.token })).body.error).toBe(
      'ERR_VALIDATION',
    );
    expect(await h.request('GET', '/callLogs/2147483647/recording', { token: agent.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_RECORDING' },
    });
  });
});
